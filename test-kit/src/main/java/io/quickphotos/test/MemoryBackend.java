package io.quickphotos.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a test class on the memory backend alone, with {@link QuickPhotosExtension}'s injections:
 * the memory counterpart of {@link BothBackends}. Each test gets a fresh, empty repository, its
 * {@link QuickPhotosFixture}, {@link ManualClock} and {@link io.quickphotos.memory.Faults}
 * script. For classes whose every test scripts faults or throughput, which DynamoDB Local cannot
 * produce, or that need not pay for DynamoDB Local; needs neither
 * {@code quickphotos-dynamo-local} nor the AWS SDK on the test class path. The same as
 * {@code @ExtendWith(QuickPhotosExtension.class)}. The repository's sharding, fan-out, retry
 * policy, throughput model and cost listener are the class's {@link QuickPhotosSettings}, if it
 * registers them in a static field.
 *
 * <pre>{@code
 * @MemoryBackend
 * class FollowServiceTest {
 *   @Injected QuickPhotos photos;
 *
 *   @Test
 *   void survivesConflicts(Faults faults) {   // runs once, on memory
 *     faults.on(Request.TRANSACT_WRITE_ITEMS).next(2, Fault.transactionConflict());
 *     ...
 *   }
 * }
 * }</pre>
 *
 * <p>Not {@link MemoryOnly}, which stays what it was: a mark on single tests of a
 * {@link BothBackends} class, skipped on DynamoDB Local and reported as disabled there. One
 * annotation cannot serve both: on a test of a {@code @BothBackends} class it would register the
 * extension a second time. This annotation and {@code @BothBackends} each choose the backends of
 * a whole class, so a class carries one of them; with both, its tests fail with an
 * {@link org.junit.jupiter.api.extension.ExtensionConfigurationException}.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@ExtendWith(QuickPhotosExtension.class)
public @interface MemoryBackend {}
