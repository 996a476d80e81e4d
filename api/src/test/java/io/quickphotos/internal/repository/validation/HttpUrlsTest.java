package io.quickphotos.internal.repository.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.InvalidInputException;
import io.quickphotos.proptest.Gen;
import io.quickphotos.proptest.Property;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The quick yes for plain URLs never vouches for text {@link URI} would refuse. */
class HttpUrlsTest {

  /** A host piece: mostly letters and digits, sometimes what a host name may not hold. */
  private static final Gen<String> HOST_PIECE =
      Gen.frequency(
          Gen.weighted(12, Gen.of("a", "Z", "q", "0", "9")),
          Gen.weighted(2, Gen.of("-", ".")),
          Gen.weighted(1, Gen.of("_", "é", "[", "@", ":80", "%", "")));

  /** A path piece: mostly what a path may hold plainly, sometimes what needs URI's judgement. */
  private static final Gen<String> PATH_PIECE =
      Gen.frequency(
          Gen.weighted(12, Gen.of("/", "a", "9", ".", "~", "'", ";", "=", ":", "@", "$", "(")),
          Gen.weighted(
              1, Gen.of("%", "%2F", "?", "#", " ", "é", "[", "|", "\\", "^", "`", "{", "\"")));

  /** Text near the edge of what the scan vouches for: odd schemes, hosts, ports and paths. */
  private static final Gen<String> NEAR_URLS =
      c -> {
        StringBuilder url =
            new StringBuilder(
                Gen.frequency(
                        Gen.weighted(6, Gen.of("https://", "http://")),
                        Gen.weighted(1, Gen.of("HTTP://", "ftp://", "http:/", "https:", "", "//")))
                    .generate(c));
        HOST_PIECE.list(0, 10).generate(c).forEach(url::append);
        PATH_PIECE.list(0, 10).generate(c).forEach(url::append);
        return url.toString();
      };

  @Test
  void everyUrlItVouchesForUriParsesAsHttpWithAHost() {
    AtomicInteger vouched = new AtomicInteger();
    AtomicInteger left = new AtomicInteger();
    Property.named("HttpUrls vouches only for what URI parses")
        .cases(5_000)
        .check(
            NEAR_URLS,
            url -> {
              if (!HttpUrls.plainlyValid(url)) {
                left.incrementAndGet();
                return;
              }
              vouched.incrementAndGet();
              URI uri = parse(url);
              assertThat(uri.getScheme()).isIn("http", "https");
              assertThat(uri.getHost()).isNotNull();
            });
    // Both answers are reached often, or the property proves nothing.
    assertThat(vouched.get()).isGreaterThan(50);
    assertThat(left.get()).isGreaterThan(50);
  }

  @Test
  void theUsualLocationsTakeTheQuickPath() {
    assertThat(
            List.of(
                "https://photos.example.com/alice/1700000000000.jpg",
                "http://cdn-1.example.org",
                "https://a.b.c/x;y/z~(1)!*'@:&=+$,.png"))
        .allMatch(HttpUrls::plainlyValid);
  }

  @Test
  void whatTheScanLeavesToUriIsJudgedAsBefore() {
    // Accepted by URI, not by the scan: an address, a port, a query, an escape.
    for (String url :
        List.of(
            "http://10.0.0.1/a.jpg",
            "https://example.com:8443/a.jpg",
            "https://example.com/a.jpg?size=2",
            "https://example.com/a%20b.jpg")) {
      assertThat(HttpUrls.plainlyValid(url)).as(url).isFalse();
      assertThat(Validation.location(url)).isEqualTo(url);
    }
    // Refused by both: no host for URI (an underscore, a top label starting with a digit, a
    // hyphen at a label's edge), another scheme, a bad escape.
    for (String url :
        List.of(
            "http://a_b.example.com/x",
            "http://example.1com/x",
            "http://-a.example.com/x",
            "ftp://example.com/x",
            "https://example.com/%zz")) {
      assertThat(HttpUrls.plainlyValid(url)).as(url).isFalse();
      assertThatThrownBy(() -> Validation.location(url))
          .as(url)
          .isInstanceOf(InvalidInputException.class);
    }
  }

  private static URI parse(String url) {
    try {
      return new URI(url);
    } catch (URISyntaxException e) {
      throw new AssertionError("URI refused " + url, e);
    }
  }
}
