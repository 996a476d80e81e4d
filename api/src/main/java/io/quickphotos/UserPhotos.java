package io.quickphotos;

import java.util.Optional;

/**
 * One page of the "user and their photos" listing, read by a single Query over the user's item
 * collection. The profile item sorts before every photo, so it arrives with the first page when
 * listing oldest first and with the last page when listing newest first.
 *
 * @param user the profile, on the page whose read reached the profile item
 * @param photos this page's photos in the requested order
 */
public record UserPhotos(Optional<User> user, Page<Photo> photos) {}
