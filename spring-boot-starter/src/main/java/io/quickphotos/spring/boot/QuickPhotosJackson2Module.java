package io.quickphotos.spring.boot;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.quickphotos.AppValue;
import io.quickphotos.Page;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * quickphotos' values in Jackson 2 (Spring Boot 3.5's JSON), both ways: an {@link AppValue} as its
 * plain JSON value (a string, a number with every digit, a boolean, an array, an object) and read
 * back exactly, and a {@link Page} as {@code {"items": [...], "nextCursor": "..."}} (the cursor a
 * string, or null on the last page). The starter registers it as a bean, which Boot adds to its
 * {@code ObjectMapper}; without Boot, {@code objectMapper.registerModule(new
 * QuickPhotosJackson2Module())}. {@link QuickPhotosJacksonModule} is the same for Jackson 3.
 * Thread-safe.
 */
public final class QuickPhotosJackson2Module extends SimpleModule {
  private static final long serialVersionUID = 1L;

  /** The module, with its serializers and deserializers. */
  public QuickPhotosJackson2Module() {
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
    public void serialize(AppValue value, JsonGenerator json, SerializerProvider context)
        throws IOException {
      write(value, json);
    }

    private static void write(AppValue value, JsonGenerator json) throws IOException {
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
          json.writeFieldName(entry.getKey());
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
    public T deserialize(JsonParser json, DeserializationContext context) throws IOException {
      AppValue value = read(json, context);
      if (!type.isInstance(value)) {
        return context.reportInputMismatch(
            type, "%s is not a %s", value.getClass().getSimpleName(), type.getSimpleName());
      }
      return type.cast(value);
    }

    private static AppValue read(JsonParser json, DeserializationContext context)
        throws IOException {
      JsonToken token = json.currentToken();
      switch (token) {
        case VALUE_STRING:
          return AppValue.of(json.getText());
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
        case FIELD_NAME:
          {
            Map<String, AppValue> entries = new LinkedHashMap<>();
            JsonToken next = token == JsonToken.START_OBJECT ? json.nextToken() : token;
            for (; next == JsonToken.FIELD_NAME; next = json.nextToken()) {
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
    public void serialize(Page<?> page, JsonGenerator json, SerializerProvider context)
        throws IOException {
      json.writeStartObject();
      json.writeFieldName("items");
      json.writeStartArray();
      for (Object item : page.items()) {
        context.defaultSerializeValue(item, json);
      }
      json.writeEndArray();
      json.writeFieldName("nextCursor");
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
  private static final class PageDeserializer extends StdDeserializer<Page<?>>
      implements ContextualDeserializer {
    private final JavaType items;

    PageDeserializer(JavaType items) {
      super(Page.class);
      this.items = items;
    }

    @Override
    public JsonDeserializer<?> createContextual(
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
    public Page<?> deserialize(JsonParser json, DeserializationContext context) throws IOException {
      if (json.currentToken() != JsonToken.START_OBJECT) {
        return (Page<?>) context.handleUnexpectedToken(Page.class, json);
      }
      List<?> read = List.of();
      String cursor = null;
      for (String field = json.nextFieldName(); field != null; field = json.nextFieldName()) {
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

    private List<?> itemsOf(JsonParser json, DeserializationContext context) throws IOException {
      JavaType list =
          items != null
              ? items
              : context.getTypeFactory().constructCollectionType(List.class, Object.class);
      return context.readValue(json, list);
    }
  }
}
