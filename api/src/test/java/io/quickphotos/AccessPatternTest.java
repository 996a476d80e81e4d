package io.quickphotos;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class AccessPatternTest {

  /** The settings methods share one pattern, and settings() makes no request. */
  private static final Set<String> NOT_A_PATTERN_OF_THEIR_OWN =
      Set.of("settings", "recordedSettings", "recordSettings", "as");

  @Test
  void eachPatternIsNamedAfterItsMethod() {
    // reactTo is REACT_TO, so that a metric tag (react_to) names the method it counts.
    Set<String> methods = new TreeSet<>();
    for (Method method : QuickPhotos.class.getMethods()) {
      if (!NOT_A_PATTERN_OF_THEIR_OWN.contains(method.getName())) {
        methods.add(upperSnake(method.getName()));
      }
    }
    // A read made for a viewer is VIEWER_ and its method.
    for (Method method : ViewerReads.class.getMethods()) {
      if (!method.getName().equals("viewer")) {
        methods.add("VIEWER_" + upperSnake(method.getName()));
      }
    }
    Set<String> patterns =
        Arrays.stream(AccessPattern.values())
            .map(Enum::name)
            .filter(name -> !name.equals("TABLE_SETTINGS"))
            .collect(Collectors.toCollection(TreeSet::new));
    assertThat(patterns).isEqualTo(methods);
  }

  private static String upperSnake(String camel) {
    return camel.replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
  }
}
