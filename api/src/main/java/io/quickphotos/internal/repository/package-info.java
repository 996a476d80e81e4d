/**
 * Internal: the one repository implementation, over any engine. Not part of quickphotos' public
 * API; exported only to the backends and the test kit.
 *
 * <p>{@link io.quickphotos.internal.repository.Repositories#create} is the only way in, with
 * {@link io.quickphotos.internal.repository.RepositoryOptions} (each option's default and check)
 * and {@link io.quickphotos.internal.repository.RepositoryBuilder} (the backends' builders' one
 * base). Behind it the facade checks each call's arguments and hands it to a room, one package
 * each:
 *
 * <ul>
 *   <li>{@code request}: the request layer, the only way to the engine — each call wrapped,
 *       metered and its failures mapped ({@code Calls}); reads, writes, batches; a cancelled
 *       transaction asked about by step name ({@code Cancellation}); the retry budget, the pool,
 *       cursors;
 *   <li>{@code validation}: the argument checks ({@code Validation}; {@code ReadChecks}, each
 *       read's checks written once for its trusted and its viewer's form);
 *   <li>features, each behind one entry point: {@code hot} (sharded counters and hot reads,
 *       {@code HotKeys}), {@code feed} (uploads, follows, the home feed, {@code Feeds}),
 *       {@code cascade} (removing and deleting, {@code Cascades}), {@code listing} ({@code
 *       Listings}), {@code privacy} (private accounts, requests, blocks and reads for a viewer,
 *       {@code Privacy}), {@code edit} (versioned edits of single attributes, {@code Edits}),
 *       {@code activity} (the activity inbox, {@code Inbox}), {@code audit} ({@code
 *       TableAudit}), {@code bulk} (import and raw items).
 * </ul>
 *
 * <p>A feature reaches the request layer, the argument checks and the single-table layer
 * ({@code io.quickphotos.internal.singletable}), and another feature only through its entry
 * point; {@code RoomsTest} holds the arrows between rooms, {@code SingleTableRoomsTest} those
 * from each room into the single-table layer.
 */
package io.quickphotos.internal.repository;
