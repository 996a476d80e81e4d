/**
 * The generated sample: users, photos, follows and reactions, the same for a seed and size
 * everywhere, written through the public API; and the stepping clock that makes two runs stamp
 * alike.
 */
package io.quickphotos.cli.sample;
