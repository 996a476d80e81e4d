package io.quickphotos.internal.singletable.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.proptest.Gen;
import io.quickphotos.proptest.Property;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ItemCodec reads stored birth dates by hand; LocalDate.parse, which it replaced, is the judge. */
class ItemCodecDateTest {

  /** What LocalDate.parse makes of a text: the date, or its exception's type and message. */
  private static Object reference(String text) {
    try {
      return LocalDate.parse(text);
    } catch (RuntimeException e) {
      return e.getClass().getName() + ": " + e.getMessage();
    }
  }

  private static Object decoded(String text) {
    try {
      return ItemCodec.date(text);
    } catch (RuntimeException e) {
      return e.getClass().getName() + ": " + e.getMessage();
    }
  }

  /** yyyy-MM-dd texts with random, often invalid, fields, sometimes with a character changed. */
  private static final Gen<String> TEXTS =
      c -> {
        StringBuilder text =
            new StringBuilder(
                String.format(
                    "%04d-%02d-%02d",
                    Gen.frequency(
                            Gen.weighted(3, Gen.integers(0, 9999)),
                            Gen.weighted(1, Gen.of(0, 1, 1900, 2000, 2019, 2100, 9999)))
                        .generate(c),
                    Gen.frequency(
                            Gen.weighted(1, Gen.integers(0, 99)),
                            Gen.weighted(3, Gen.integers(1, 12)))
                        .generate(c),
                    Gen.frequency(
                            Gen.weighted(1, Gen.integers(0, 99)),
                            Gen.weighted(2, Gen.integers(1, 28)),
                            Gen.weighted(2, Gen.of(28, 29, 30, 31, 32)))
                        .generate(c)));
        String alphabet = "09-+x \uFF11";
        switch (Gen.integers(0, 5).generate(c)) {
          case 1 ->
              text.setCharAt(
                  Gen.integers(0, text.length() - 1).generate(c),
                  alphabet.charAt(Gen.integers(0, alphabet.length() - 1).generate(c)));
          case 2 -> text.deleteCharAt(Gen.integers(0, text.length() - 1).generate(c));
          case 3 -> text.insert(0, (String) Gen.of("+", "-", "1", "+1").generate(c));
          default -> {}
        }
        return text.toString();
      };

  @Test
  void readsWhatLocalDateParseReads() {
    Property.named("ItemCodecDateTest.readsWhatLocalDateParseReads")
        .cases(5000)
        .check(TEXTS, text -> assertThat(decoded(text)).isEqualTo(reference(text)));
  }

  @Test
  void edgeCasesMatchLocalDateParse() {
    for (String text :
        List.of(
            "0001-01-01",
            "9999-12-31",
            "0000-01-01",
            "2000-02-29",
            "1900-02-29",
            "2019-02-29",
            "2019-04-31",
            "2019-13-01",
            "2019-00-10",
            "2019-01-00",
            "+10000-01-01",
            "-0001-01-01",
            "2019-1-01",
            "2019/01/01",
            "2019-01-01 ",
            "")) {
      assertThat(decoded(text)).as(text).isEqualTo(reference(text));
    }
  }
}
