package io.quickphotos;

import java.util.Optional;

/**
 * One page of the "user and their photos" listing, read by a single Query over the user's item
 * collection. The profile comes with the first page in both orders: oldest first the Query reads
 * it first (it sorts before every photo); newest first the Query reaches it only when the user
 * has few photos, and otherwise the first page reads it with one GetItem more (see
 * {@link QuickPhotos#userWithPhotos}).
 *
 * @param user the profile on the first page; empty on every later page
 * @param photos this page's photos in the requested order
 */
public record UserPhotos(Optional<User> user, Page<Photo> photos) {}
