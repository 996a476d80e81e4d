package io.quickphotos.cli.output;

import io.quickphotos.Follow;
import io.quickphotos.Page;
import io.quickphotos.Photo;
import io.quickphotos.PhotoReactions;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.User;
import io.quickphotos.UserPhotos;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * Renders repository results as short lines for people: records as they print themselves
 * ({@code User<jacksonjason -- John Perry>}) with the fields that matter to the step beside them.
 */
public final class ResultLines {
  private ResultLines() {}

  /**
   * Lines describing a result.
   *
   * @param result anything a repository call returns
   * @return one or more lines
   */
  public static List<String> render(Object result) {
    List<String> lines = new ArrayList<>();
    if (result instanceof Optional<?> optional) {
      if (optional.isEmpty()) {
        lines.add("(none: Optional.empty)");
      } else {
        lines.addAll(render(optional.get()));
      }
    } else if (result instanceof User user) {
      lines.add(user(user));
    } else if (result instanceof Photo photo) {
      lines.add(photo(photo));
      if (!photo.attributes().isEmpty() || photo.version() > 0) {
        lines.add(attributes(photo));
      }
    } else if (result instanceof UserPhotos userPhotos) {
      lines.add(
          "user: "
              + userPhotos
                  .user()
                  .map(ResultLines::user)
                  .orElse("(comes with the first page only)"));
      lines.addAll(page(userPhotos.photos(), "photos"));
    } else if (result instanceof PhotoReactions photoReactions) {
      lines.add(
          "photo: " + photoReactions.photo().map(ResultLines::photo).orElse("(not on this page)"));
      lines.addAll(page(photoReactions.reactions(), "reactions"));
    } else if (result instanceof Page<?> page) {
      lines.addAll(page(page, "items"));
    } else if (result instanceof Reaction reaction) {
      lines.add(reaction + " at " + reaction.timestamp());
    } else if (result instanceof Follow follow) {
      lines.add(follow + " since " + follow.since());
    } else {
      lines.add(String.valueOf(result));
    }
    return lines;
  }

  private static List<String> page(Page<?> page, String what) {
    List<String> lines = new ArrayList<>();
    lines.add(what + " on this page: " + page.items().size());
    for (Object item : page.items()) {
      lines.add("  " + render(item).get(0));
    }
    lines.add(
        page.nextCursor()
            .map(c -> "next cursor: " + Format.cursor(c))
            .orElse("last page (no cursor)"));
    return lines;
  }

  private static String user(User user) {
    return user
        + "  "
        + user.email()
        + ", born "
        + user.birthdate()
        + ", "
        + user.status().name().toLowerCase(Locale.ROOT)
        + ", "
        + Format.count(user.followers(), "follower")
        + ", "
        + user.following()
        + " following";
  }

  /** A photo's attributes, long values cut, and its version. */
  private static String attributes(Photo photo) {
    StringJoiner shown = new StringJoiner(", ", "{", "}");
    photo
        .attributes()
        .forEach(
            (name, value) -> {
              String text = String.valueOf(shown(value));
              shown.add(name + "=" + (text.length() > 40 ? text.substring(0, 39) + "…" : text));
            });
    return "attributes " + shown + ", version " + photo.version();
  }

  private static Object shown(io.quickphotos.AppValue value) {
    if (value instanceof io.quickphotos.AppValue.Text text) {
      return "\"" + text.value() + "\"";
    }
    if (value instanceof io.quickphotos.AppValue.Num number) {
      return number.value().toPlainString();
    }
    if (value instanceof io.quickphotos.AppValue.Bool bool) {
      return bool.value();
    }
    if (value instanceof io.quickphotos.AppValue.ListOf list) {
      return list.values().stream().map(ResultLines::shown).toList();
    }
    StringJoiner map = new StringJoiner(", ", "{", "}");
    ((io.quickphotos.AppValue.MapOf) value).values().forEach((k, v) -> map.add(k + "=" + shown(v)));
    return map.toString();
  }

  private static String photo(Photo photo) {
    StringJoiner reactions = new StringJoiner(", ");
    for (ReactionType type : ReactionType.values()) {
      long count = photo.reactionCount(type);
      if (count > 0) {
        reactions.add(type.storedName() + " " + count);
      }
    }
    return photo
        + "  "
        + photo.location()
        + (photo.caption().isEmpty() ? "" : "  \"" + photo.caption() + "\"")
        + (photo.attributes().isEmpty()
            ? ""
            : "  " + Format.count(photo.attributes().size(), "attribute"))
        + "  "
        + (reactions.length() == 0 ? "no reactions" : reactions.toString());
  }
}
