/**
 * Internal: the single-table design, written once. Not part of quickphotos' public API; it may
 * change in any release, and the {@code io.quickphotos} module exports it only to the backends
 * and the test kit.
 *
 * <p>What is here: the key layout ({@link io.quickphotos.internal.singletable.layout.KeyLayout}), the
 * item codecs ({@link io.quickphotos.internal.singletable.codec.ItemCodec}), the access-pattern plans
 * ({@link io.quickphotos.internal.singletable.plan.Plans}, each write a
 * {@link io.quickphotos.internal.singletable.plan.WritePlan} with the meaning of every failed
 * condition beside its action), and the item files the command exports and loads. Everything
 * here is data and pure functions over the engine seam's types ({@code io.quickphotos.engine});
 * the repository in {@code io.quickphotos.internal.repository} executes it.
 */
package io.quickphotos.internal.singletable;
