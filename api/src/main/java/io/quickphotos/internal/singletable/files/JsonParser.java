package io.quickphotos.internal.singletable.files;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small JSON parser: objects (insertion-ordered maps), arrays, strings, literals. */
final class JsonParser {
  private final String text;
  private int at;

  JsonParser(String text) {
    this.text = text;
  }

  Object document() {
    Object value = value();
    space();
    if (at != text.length()) {
      throw error("unexpected text after the JSON value");
    }
    return value;
  }

  private Object value() {
    space();
    if (at >= text.length()) {
      throw error("unexpected end of line");
    }
    char c = text.charAt(at);
    return switch (c) {
      case '{' -> object();
      case '[' -> array();
      case '"' -> string();
      case 't' -> literal("true", Boolean.TRUE);
      case 'f' -> literal("false", Boolean.FALSE);
      case 'n' -> literal("null", null);
      default -> number();
    };
  }

  private Map<String, Object> object() {
    at++;
    Map<String, Object> object = new LinkedHashMap<>();
    space();
    if (peek('}')) {
      at++;
      return object;
    }
    while (true) {
      space();
      if (!peek('"')) {
        throw error("expected a property name");
      }
      String name = string();
      space();
      expect(':');
      if (object.put(name, value()) != null) {
        throw error("duplicate property " + name);
      }
      space();
      if (peek(',')) {
        at++;
      } else {
        expect('}');
        return object;
      }
    }
  }

  private List<Object> array() {
    at++;
    List<Object> array = new ArrayList<>();
    space();
    if (peek(']')) {
      at++;
      return array;
    }
    while (true) {
      array.add(value());
      space();
      if (peek(',')) {
        at++;
      } else {
        expect(']');
        return array;
      }
    }
  }

  private String string() {
    at++;
    StringBuilder s = new StringBuilder();
    while (at < text.length()) {
      char c = text.charAt(at++);
      if (c == '"') {
        return s.toString();
      }
      if (c != '\\') {
        s.append(c);
        continue;
      }
      if (at >= text.length()) {
        break;
      }
      char e = text.charAt(at++);
      switch (e) {
        case '"', '\\', '/' -> s.append(e);
        case 'b' -> s.append('\b');
        case 'f' -> s.append('\f');
        case 'n' -> s.append('\n');
        case 'r' -> s.append('\r');
        case 't' -> s.append('\t');
        case 'u' -> {
          if (at + 4 > text.length()) {
            throw error("bad \\u escape");
          }
          try {
            s.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
          } catch (NumberFormatException ex) {
            throw error("bad \\u escape");
          }
          at += 4;
        }
        default -> throw error("bad escape \\" + e);
      }
    }
    throw error("unterminated string");
  }

  private Object literal(String word, Object value) {
    if (!text.startsWith(word, at)) {
      throw error("unexpected character");
    }
    at += word.length();
    return value;
  }

  private Object number() {
    int start = at;
    while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
      at++;
    }
    if (start == at) {
      throw error("unexpected character");
    }
    // DynamoDB JSON carries numbers as strings; a bare number can only be a mistake here,
    // reported where it is used.
    return new BigDecimal(text.substring(start, at));
  }

  private void space() {
    while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
      at++;
    }
  }

  private boolean peek(char c) {
    return at < text.length() && text.charAt(at) == c;
  }

  private void expect(char c) {
    if (!peek(c)) {
      throw error("expected '" + c + "'");
    }
    at++;
  }

  private IllegalArgumentException error(String message) {
    return new IllegalArgumentException(message + " at column " + (at + 1));
  }
}
