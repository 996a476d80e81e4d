package io.quickphotos.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.User;
import io.quickphotos.UserStatus;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class ResultLinesTest {

  private static User user(long followers, long following) {
    return new User(
        "ann",
        "Ann",
        "ann@example.com",
        LocalDate.of(1990, 4, 1),
        "",
        UserStatus.ACTIVE,
        followers,
        following);
  }

  @Test
  void aPhotoShowsItsCaptionAndHowManyAttributesItHas() {
    io.quickphotos.PhotoId id =
        new io.quickphotos.PhotoId("ann", java.time.Instant.parse("2024-06-01T09:30:00Z"));
    assertThat(
            ResultLines.render(
                    new io.quickphotos.Photo(
                        id,
                        "https://x.example.com/1.jpg",
                        java.util.Map.of(),
                        "Mist",
                        java.util.Map.of("w", io.quickphotos.AppValue.of(1))))
                .get(0))
        .isEqualTo(
            "Photo<ann -- 2024-06-01T09:30:00Z>  https://x.example.com/1.jpg  \"Mist\""
                + "  1 attribute  no reactions");
    assertThat(
            ResultLines.render(
                    new io.quickphotos.Photo(id, "https://x.example.com/1.jpg", java.util.Map.of()))
                .get(0))
        .endsWith("1.jpg  no reactions");
  }

  @Test
  void countsAgreeWithTheirNouns() {
    assertThat(ResultLines.render(user(1, 1)).get(0)).endsWith("active, 1 follower, 1 following");
    assertThat(ResultLines.render(user(0, 2)).get(0)).endsWith("active, 0 followers, 2 following");
    assertThat(ResultLines.render(user(1_050, 0)).get(0)).endsWith("1,050 followers, 0 following");
    assertThat(Format.count(1, "item")).isEqualTo("1 item");
    assertThat(Format.count(105_000, "item")).isEqualTo("105,000 items");
  }
}
