package io.quickphotos.spring.boot;

import io.quickphotos.AppValue;
import io.quickphotos.Page;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.std.StdDeserializer;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.std.StdSerializer;

/**
 * quickphotos' values in Jackson 3 (Spring Boot 4's JSON), both ways: an {@link AppValue} as its
 * plain JSON value (a string, a number with every digit, a boolean, an array, an object) and read
 * back exactly, and a {@link Page} as {@code {"items": [...], "nextCursor": "..."}} (the cursor a
 * string, or null on the last page). The starter registers it as a bean, which Boot adds to its
 * {@code JsonMapper}; without Boot, {@code JsonMapper.builder().addModule(new
 * QuickPhotosJacksonModule())}. {@link QuickPhotosJackson2Module} is the same for Jackson 2.
 * Thread-safe.
 */
public final class QuickPhotosJacksonModule extends SimpleModule {
  private static final long serialVersionUID = 1L;

  /** The module, with its serializers and deserializers. */
  public QuickPhotosJacksonModule() {
    super("quickphotos");
    addSerializer(AppValue.class, new AppValueSerializer());
    addDeserializer(AppValue.class, new AppValueDeserializer<>(AppValue.class));
    addDeserializer(AppValue.Text.class, new AppValueDeserializer<>(AppValue.Text.class));
    addDeserializer(AppValue.Num.class, new AppValueDeserializer<>(AppValue.Num.class));
    addDeserializer(AppValue.Bool.class, new AppValueDeserializer<>(AppValue.Bool.class));
    addDeserializer(AppValue.ListOf.class, new AppValueDeserializer<>(AppValue.ListOf.class));
    addDeserializer(AppValue.MapOf.class, new AppValueDeserializer<>(AppValue.MapOf.class));
    @SuppressWarnings({"unchecked", "rawtypes"})
    Class<Page<?>> page = (Class) Page.class;
    addSerializer(page, new PageSerializer());
    addDeserializer(page, new PageDeserializer(null));
  }

  /** An application value as the JSON value it stands for. */
  private static final class AppValueSerializer extends StdSerializer<AppValue> {
    AppValueSerializer() {
      super(AppValue.class);
    }

    @Override
    public void serialize(AppValue value, JsonGenerator json, SerializationContext context) {
      write(value, json);
    }

    private static void write(AppValue value, JsonGenerator json) {
      if (value instanceof AppValue.Text text) {
        json.writeString(text.value());
      } else if (value instanceof AppValue.Num num) {
        // The digits as they are: a double would round past 15 or so of DynamoDB's 38.
        json.writeNumber(num.value().toPlainString());
      } else if (value instanceof AppValue.Bool bool) {
        json.writeBoolean(bool.value());
      } else if (value instanceof AppValue.ListOf list) {
        json.writeStartArray();
        for (AppValue element : list.values()) {
          write(element, json);
        }
        json.writeEndArray();
      } else {
        json.writeStartObject();
        for (Map.Entry<String, AppValue> entry : ((AppValue.MapOf) value).values().entrySet()) {
          json.writeName(entry.getKey());
          write(entry.getValue(), json);
        }
        json.writeEndObject();
      }
    }
  }

  /** A JSON value as the application value of that shape; numbers read from their digits. */
  private static final class AppValueDeserializer<T extends AppValue> extends StdDeserializer<T> {
    private final Class<T> type;

    AppValueDeserializer(Class<T> type) {
      super(type);
      this.type = type;
    }

    @Override
    public T deserialize(JsonParser json, DeserializationContext context) {
      AppValue value = read(json, context);
      if (!type.isInstance(value)) {
        return context.reportInputMismatch(
            type, "%s is not a %s", value.getClass().getSimpleName(), type.getSimpleName());
      }
      return type.cast(value);
    }

    private static AppValue read(JsonParser json, DeserializationContext context) {
      JsonToken token = json.currentToken();
      switch (token) {
        case VALUE_STRING:
          return AppValue.of(json.getString());
        case VALUE_NUMBER_INT:
        case VALUE_NUMBER_FLOAT:
          BigDecimal number = json.getDecimalValue();
          return AppValue.of(number);
        case VALUE_TRUE:
          return AppValue.of(true);
        case VALUE_FALSE:
          return AppValue.of(false);
        case START_ARRAY:
          {
            List<AppValue> elements = new ArrayList<>();
            while (json.nextToken() != JsonToken.END_ARRAY) {
              elements.add(read(json, context));
            }
            return AppValue.list(elements);
          }
        case START_OBJECT:
        case PROPERTY_NAME:
          {
            Map<String, AppValue> entries = new LinkedHashMap<>();
            JsonToken next = token == JsonToken.START_OBJECT ? json.nextToken() : token;
            for (; next == JsonToken.PROPERTY_NAME; next = json.nextToken()) {
              String name = json.currentName();
              json.nextToken();
              entries.put(name, read(json, context));
            }
            return AppValue.map(entries);
          }
        default:
          return context.reportInputMismatch(
              AppValue.class, "an application value is never %s", token);
      }
    }
  }

  /** A page as its items and its cursor, a string. */
  private static final class PageSerializer extends StdSerializer<Page<?>> {
    @SuppressWarnings({"unchecked", "rawtypes"})
    PageSerializer() {
      super((Class) Page.class);
    }

    @Override
    public void serialize(Page<?> page, JsonGenerator json, SerializationContext context) {
      json.writeStartObject();
      json.writeName("items");
      json.writeStartArray();
      for (Object item : page.items()) {
        context.writeValue(json, item);
      }
      json.writeEndArray();
      json.writeName("nextCursor");
      String cursor = page.nextCursor().orElse(null);
      if (cursor == null) {
        json.writeNull();
      } else {
        json.writeString(cursor);
      }
      json.writeEndObject();
    }
  }

  /**
   * A page read back: its items as the type the declaration gives ({@code Page<Photo>} reads
   * photos), its cursor a string or null. Contextual, since one module serves every item type;
   * a {@code Page} declared without one reads its items as Jackson's untyped values.
   */
  private static final class PageDeserializer extends StdDeserializer<Page<?>> {
    private final JavaType items;

    PageDeserializer(JavaType items) {
      super(Page.class);
      this.items = items;
    }

    @Override
    public ValueDeserializer<?> createContextual(
        DeserializationContext context, BeanProperty property) {
      JavaType page = context.getContextualType();
      if (page == null && property != null) {
        page = property.getType();
      }
      JavaType item =
          page == null || page.containedTypeCount() == 0
              ? context.constructType(Object.class)
              : page.containedType(0);
      return new PageDeserializer(
          context.getTypeFactory().constructCollectionType(List.class, item));
    }

    @Override
    public Page<?> deserialize(JsonParser json, DeserializationContext context) {
      if (json.currentToken() != JsonToken.START_OBJECT) {
        return (Page<?>) context.handleUnexpectedToken(Page.class, json);
      }
      List<?> read = List.of();
      String cursor = null;
      for (String field = json.nextName(); field != null; field = json.nextName()) {
        JsonToken value = json.nextToken();
        switch (field) {
          case "items" -> read = value == JsonToken.VALUE_NULL ? List.of() : itemsOf(json, context);
          case "nextCursor" ->
              cursor = value == JsonToken.VALUE_NULL ? null : json.getValueAsString();
          default -> json.skipChildren(); // what a later version may add
        }
      }
      return new Page<>(read, Optional.ofNullable(cursor));
    }

    private List<?> itemsOf(JsonParser json, DeserializationContext context) {
      JavaType list =
          items != null
              ? items
              : context.getTypeFactory().constructCollectionType(List.class, Object.class);
      return context.readValue(json, list);
    }
  }
}
