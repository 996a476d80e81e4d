/**
 * The single-table design, written once: the key layout ({@link io.quickphotos.singletable.KeyLayout}),
 * the item codecs, the access-pattern plans ({@link io.quickphotos.singletable.Plans}), the
 * {@link io.quickphotos.singletable.Table} SPI every engine implements, and the one repository
 * implementation over it ({@link io.quickphotos.singletable.SingleTableQuickPhotos}).
 *
 * <p>Applications never need this package; backends do. A backend is an engine that executes
 * plans, so the only thing that can differ between backends is engine semantics.
 */
package io.quickphotos.singletable;
