package io.quickphotos.internal.singletable.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The tokens that fence cascades and let a call know its own write: their form and uniqueness. */
class CallTokenTest {
  private static final String ALPHABET =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

  @Test
  void aTokenIsTwelveUrlSafeBase64Characters() {
    for (int i = 0; i < 1_000; i++) {
      String token = Plans.newCallToken().value();
      assertThat(token).hasSize(12);
      assertThat(token.chars()).allMatch(c -> ALPHABET.indexOf(c) >= 0);
    }
  }

  @Test
  void everyCharacterOfATokenIsRandom() {
    // 72 bits in all: each of the 12 places takes each of its 64 characters, none is constant.
    List<Set<Character>> seen = new ArrayList<>();
    for (int place = 0; place < 12; place++) {
      seen.add(new HashSet<>());
    }
    for (int i = 0; i < 5_000; i++) {
      String token = Plans.newCallToken().value();
      for (int place = 0; place < 12; place++) {
        seen.get(place).add(token.charAt(place));
      }
    }
    assertThat(seen).allSatisfy(characters -> assertThat(characters).hasSize(64));
  }

  @Test
  void threadsDrawingAtOnceNeverShareAToken() throws InterruptedException {
    Set<String> tokens = ConcurrentHashMap.newKeySet();
    int threads = 8;
    int each = 20_000;
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> running = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread thread =
          new Thread(
              () -> {
                try {
                  start.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                  return;
                }
                for (int i = 0; i < each; i++) {
                  tokens.add(Plans.newCallToken().value());
                }
              });
      thread.start();
      running.add(thread);
    }
    start.countDown();
    for (Thread thread : running) {
      thread.join();
    }
    assertThat(tokens).hasSize(threads * each);
  }
}
