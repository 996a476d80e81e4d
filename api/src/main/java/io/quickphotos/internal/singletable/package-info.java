/**
 * Internal: the single-table design, written once. Not part of quickphotos' public API; it may
 * change in any release, and the {@code io.quickphotos} module exports its packages only to the
 * backends and the test kit. Everything here is data and pure functions over the engine seam's
 * types ({@code io.quickphotos.engine}); the repository in {@code io.quickphotos.internal.repository}
 * executes it.
 *
 * <p>One package per floor or feature; {@code SingleTableRoomsTest} holds the arrows between
 * them:
 *
 * <ul>
 *   <li>floors every feature stands on, each reaching only those above it in this list: {@code
 *       layout} (the keys, {@code KeyLayout}, and every attribute name, {@code Attributes}),
 *       {@code plan} (a write as a {@code WritePlan} of named steps, {@code StepName},
 *       and what a step's failed condition means, one sealed {@code StepOutcome}; the conditions every plan shares, {@code Plans}; counters' revisions
 *       and items' versions, {@code Counters}, {@code Versions}), {@code codec} (records to items
 *       and back: {@code ItemCodec}, items to records through remembered names: {@code
 *       ItemReaders}, {@code AppAttributes}, {@code TableSettingsItem}), {@code
 *       edit} (single-attribute changes of photos and profiles under the size bound: {@code
 *       AttributeEdits}, {@code Budget});
 *   <li>features: {@code user} (a user's own item: {@code UserPlans}), {@code photo} (photos and
 *       reactions: {@code PhotoPlans}, {@code ReactionPlans}), {@code feed} (follows, the home
 *       feed and the hybrid feed's timelines: {@code FollowPlans}, {@code Timelines}, {@code
 *       TimelineFollows}, {@code FollowKind}, {@code PendingFanOuts}, {@code TimelineQueries}),
 *       {@code hot} (hot keys' counter shards: {@code Shards}, {@code ShardPlans}), {@code privacy} (private accounts, requests and blocks: {@code
 *       PrivacyPlans}, {@code RequestPlans}, {@code BlockPlans}, {@code PrivacyQueries}), {@code
 *       files} (the item files the command exports and loads: {@code ItemJson}, {@code
 *       ItemLoader}), {@code activity} (the activity inbox's items and queries: {@code
 *       InboxItems}; its keys in the layout's {@code InboxKeys}).
 * </ul>
 */
package io.quickphotos.internal.singletable;
