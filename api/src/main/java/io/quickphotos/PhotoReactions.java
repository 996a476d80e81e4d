package io.quickphotos;

import java.util.Optional;

/**
 * One page of the "photo and its reactions" listing, read by a single Query on the inverted
 * index. The photo sorts after every reaction and the index is read backwards, so the photo
 * arrives with the first page; reactions follow in descending order of reacting user, then type.
 *
 * @param photo the photo, on the first page
 * @param reactions this page's reactions
 */
public record PhotoReactions(Optional<Photo> photo, Page<Reaction> reactions) {}
