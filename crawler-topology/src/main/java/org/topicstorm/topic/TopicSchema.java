package org.topicstorm.topic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;

/**
 * The topic file's JSON Schema ({@code topic.schema.json} beside this class): the one description of the fields,
 * their types, ranges and allowed values. It validates a file with networknt's json-schema-validator and words each
 * error as the rest of the loader does, naming the field ({@code links.learned.target}) and saying what the value
 * must be; the wording comes from the schema itself (see its {@code $comment}), so a field added there is checked and
 * explained without code here.
 */
final class TopicSchema {

    /** Where a value sits in a topic file: property names, list indexes and keys of a mapping of data (keywords). */
    record Field(List<Object> path) {

        static final Field ROOT = new Field(List.of());

        /** A field given as {@code relevance.word2vec.vectors}. */
        static Field of(String dotted) {
            return new Field(List.of((Object[]) dotted.split("\\.")));
        }

        Field at(String property) {
            return with(property);
        }

        Field at(int index) {
            return with(index);
        }

        /** A key of a mapping whose keys are data (a keyword), shown as {@code keywords['cloud computing']}. */
        Field key(String key) {
            return with(new Key(key));
        }

        private Field with(Object segment) {
            List<Object> p = new ArrayList<>(path);
            p.add(segment);
            return new Field(List.copyOf(p));
        }

        @Override
        public String toString() {
            StringBuilder s = new StringBuilder();
            for (Object o : path) {
                if (o instanceof Integer i) {
                    s.append('[').append(i).append(']');
                } else if (o instanceof Key k) {
                    s.append("['").append(k.key()).append("']");
                } else {
                    s.append(s.isEmpty() ? "" : ".").append(o);
                }
            }
            return s.toString();
        }
    }

    record Key(String key) {
    }

    static final TopicSchema INSTANCE = load("topic.schema.json");

    private static final Pattern PLAIN_YAML = Pattern.compile("[^\\s{}\\[\\],#'\"&*!|>%@`][^{}\\[\\],#]*");

    private final JsonNode root;
    private final Schema schema;

    private TopicSchema(JsonNode root) {
        this.root = root;
        this.schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(root);
    }

    private static TopicSchema load(String resource) {
        try (InputStream in = TopicSchema.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("resource " + resource + " is missing beside " + TopicSchema.class);
            }
            return new TopicSchema(new ObjectMapper().readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /**
     * Validates a topic file's mapping: reports every problem (field and message) and takes the values it found wrong
     * out of the document (a wrong list item becomes null, so that later items keep their index), so that what is
     * left binds to {@link TopicFile} and the checks in Java see only values of the right type and range.
     */
    void validate(ObjectNode doc, BiConsumer<Field, String> problem) {
        // JSON has no infinity, so no schema can refuse one; YAML reads 1e400 as one
        List<Field> wrong = nonFinite(doc, Field.ROOT, new ArrayList<>());
        wrong.forEach(f -> problem.accept(f, "must be " + mustBe(f) + ", got the number " + valueAt(doc, f).asText()));
        // ... and the validator compares numbers as BigDecimal, which has no NaN or infinity: it sees them as text
        // (a type error, reported above already), and their mapping does not look empty
        wrong.forEach(f -> replace(doc, f, TextNode.valueOf(valueAt(doc, f).asText())));
        for (Error e : schema.validate(doc)) {
            Field at = field(e.getInstanceLocation());
            JsonNode value = e.getInstanceNode();
            switch (e.getKeyword()) {
                case "required" -> problem.accept(at.at(e.getProperty()), "required field is missing");
                case "additionalProperties" -> {
                    problem.accept(at.at(e.getProperty()), "unknown field; allowed fields are: "
                            + String.join(", ", properties(at)));
                    wrong.add(at.at(e.getProperty()));
                }
                case "type" -> {
                    // a field left empty may be left out for its default; an empty list item or weight may not
                    boolean property = !at.path().isEmpty() && at.path().get(at.path().size() - 1) instanceof String;
                    problem.accept(at, !value.isNull() ? "must be " + mustBe(at) + ", got " + describe(value)
                            : property ? "has no value" + (isRequired(at) ? "" : " (leave the field out to use its default)")
                            : "must be " + mustBe(at) + ", got no value");
                    wrong.add(at);
                }
                case "enum" -> {
                    problem.accept(at, "must be one of " + String.join(", ", names(e.getSchemaNode()).stream()
                            .sorted().toList()) + ", got " + shown(value));
                    wrong.add(at);
                }
                case "maxLength" -> {
                    problem.accept(at, "must be at most " + e.getSchemaNode().asInt() + " characters, got "
                            + value.asText().codePointCount(0, value.asText().length()));
                    wrong.add(at);
                }
                default -> {
                    // pattern, minimum, maximum, exclusive bounds, minItems, minProperties: the phrase says all
                    problem.accept(at, "must be " + mustBe(at) + ", got " + shown(value));
                    wrong.add(at);
                }
            }
        }
        wrong.forEach(f -> remove(doc, f));
    }

    /** The values of the enum at a field given as {@code links.learned.target}, in the schema's order. */
    List<String> enumValues(String dotted) {
        return enumValues(Field.of(dotted));
    }

    List<String> enumValues(Field field) {
        JsonNode values = keyword(schemaAt(field), "enum");
        if (values == null) {
            throw new IllegalArgumentException("no enum at " + field + " in the topic schema");
        }
        return names(values);
    }

    /** The properties the schema lists for the mapping at a field, in the schema's (the documented) order. */
    List<String> properties(Field field) {
        JsonNode props = keyword(schemaAt(field), "properties");
        return props == null ? List.of() : stream(props.fieldNames()).toList();
    }

    /**
     * Orders fields as the schema lists them (an unknown field first, as a problem of the mapping it is in), list
     * items by index and keys of data by their place in the file; a field comes before the fields inside it.
     */
    int compare(Field a, Field b, JsonNode doc) {
        JsonNode schemaNode = root;
        JsonNode node = doc;
        for (int i = 0; i < Math.min(a.path().size(), b.path().size()); i++) {
            Object x = a.path().get(i);
            Object y = b.path().get(i);
            if (!x.equals(y)) {
                return Integer.compare(rank(schemaNode, node, x), rank(schemaNode, node, y));
            }
            schemaNode = child(schemaNode, x);
            node = node == null ? null : x instanceof Integer n ? node.get(n) : node.get(name(x));
        }
        return Integer.compare(a.path().size(), b.path().size());
    }

    private int rank(JsonNode schemaNode, JsonNode node, Object segment) {
        if (segment instanceof Integer i) {
            return i;
        }
        if (segment instanceof Key k) {
            return node == null ? 0 : stream(node.fieldNames()).toList().indexOf(k.key());
        }
        JsonNode props = keyword(schemaNode, "properties");
        return props == null ? -1 : stream(props.fieldNames()).toList().indexOf((String) segment);
    }

    /**
     * What a value must be, as said in errors: the schema's {@code title} for the field, else a phrase made from its
     * type and bounds ("a whole number between 1 and 100") or, for a mapping or a list, its first example; then the
     * field's {@code description}, if any, in parentheses ("0 = no limit").
     */
    String mustBe(Field field) {
        JsonNode s = schemaAt(field);
        JsonNode note = keyword(s, "description");
        return phrase(s) + (note == null ? "" : " (" + note.textValue() + ")");
    }

    private String phrase(JsonNode s) {
        JsonNode title = keyword(s, "title");
        if (title != null) {
            return title.textValue();
        }
        JsonNode type = keyword(s, "type");
        JsonNode example = keyword(s, "examples");
        String such = example == null ? "" : " such as " + flow(example.get(0));
        return switch (type == null ? "" : type.textValue()) {
            case "object" -> (has(s, "minProperties") ? "a non-empty mapping" : "a mapping") + such;
            case "array" -> (has(s, "minItems") ? "a non-empty list" : "a list") + such;
            case "boolean" -> "true or false";
            case "integer" -> "a whole number" + bounds(s);
            case "number" -> "a number" + bounds(s);
            case "string" -> "a string";
            default -> "a value the topic schema allows";
        };
    }

    private String bounds(JsonNode s) {
        String min = number(keyword(s, "minimum"));
        String max = number(keyword(s, "maximum"));
        String exMin = number(keyword(s, "exclusiveMinimum"));
        String exMax = number(keyword(s, "exclusiveMaximum"));
        if (exMin != null && exMax != null) {
            return " between " + exMin + " and " + exMax + " (both excluded)";
        }
        String low = min != null ? (max != null ? " between " + min + " and " + max : " >= " + min)
                : exMin != null ? " > " + exMin : "";
        return low + (max != null && min == null ? (low.isEmpty() ? " at most " : " and at most ") + max : "");
    }

    /** Whether the field is required, always or (as seeds) by a condition: "if ... then required". */
    private boolean isRequired(Field field) {
        if (field.path().isEmpty()) {
            return true;
        }
        JsonNode parent = schemaAt(new Field(field.path().subList(0, field.path().size() - 1)));
        String name = name(field.path().get(field.path().size() - 1));
        JsonNode then = keyword(parent, "then");
        return List.of(keyword(parent, "required"), then == null ? NullNode.getInstance() : then.path("required"))
                .stream().anyMatch(r -> r != null && names(r).contains(name));
    }

    /** The schema of the value at a field (following $ref), or a missing node for a field the schema has not. */
    private JsonNode schemaAt(Field field) {
        JsonNode s = root;
        for (Object segment : field.path()) {
            s = child(s, segment);
        }
        return s;
    }

    private JsonNode child(JsonNode s, Object segment) {
        if (segment instanceof Integer) {
            JsonNode items = keyword(s, "items");
            return items == null ? NullNode.getInstance() : items;
        }
        JsonNode props = keyword(s, "properties");
        if (props != null && props.has(name(segment))) {
            return props.get(name(segment));
        }
        JsonNode more = keyword(s, "additionalProperties");
        return more != null && more.isObject() ? more : NullNode.getInstance();
    }

    /** A keyword of a schema, its own or that of the schema it refers to ($ref, within this file). */
    private JsonNode keyword(JsonNode s, String keyword) {
        for (int hops = 0; s != null && s.isObject() && hops < 10; hops++) {
            if (s.has(keyword)) {
                return s.get(keyword);
            }
            JsonNode ref = s.get("$ref");
            s = ref == null ? null : root.at(ref.textValue().substring(1));
        }
        return null;
    }

    private boolean has(JsonNode s, String keyword) {
        return keyword(s, keyword) != null;
    }

    private Field field(NodePath location) {
        Field f = Field.ROOT;
        for (int i = 0; i < location.getNameCount(); i++) {
            Object e = location.getElement(i);
            f = e instanceof Integer n ? f.at(n) : inside(f, (String) e);
        }
        return f;
    }

    /** A name inside the mapping at a field: a key where the mapping holds data (keywords), else a property. */
    private Field inside(Field mapping, String name) {
        JsonNode props = keyword(schemaAt(mapping), "properties");
        JsonNode more = keyword(schemaAt(mapping), "additionalProperties");
        boolean data = (props == null || !props.has(name)) && more != null && more.isObject();
        return data ? mapping.key(name) : mapping.at(name);
    }

    private List<Field> nonFinite(JsonNode node, Field at, List<Field> found) {
        if (node.isNumber() && !Double.isFinite(node.doubleValue())) {
            found.add(at);
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                nonFinite(node.get(i), at.at(i), found);
            }
        } else if (node.isObject()) {
            node.fields().forEachRemaining(e -> nonFinite(e.getValue(), inside(at, e.getKey()), found));
        }
        return found;
    }

    private static JsonNode valueAt(JsonNode doc, Field f) {
        JsonNode n = doc;
        for (Object o : f.path()) {
            n = n == null ? null : o instanceof Integer i ? n.get(i) : n.get(name(o));
        }
        return n;
    }

    /** Takes a value out of the document: a property is removed, a list item becomes null. */
    private static void remove(JsonNode doc, Field f) {
        replace(doc, f, null);
    }

    /** Replaces a value of the document; null: a property is removed, a list item becomes null. */
    private static void replace(JsonNode doc, Field f, JsonNode value) {
        if (f.path().isEmpty()) {
            return;
        }
        JsonNode parent = valueAt(doc, new Field(f.path().subList(0, f.path().size() - 1)));
        Object last = f.path().get(f.path().size() - 1);
        if (parent instanceof ArrayNode list && last instanceof Integer i && i < list.size()) {
            list.set(i, value == null ? NullNode.getInstance() : value);
        } else if (parent instanceof ObjectNode mapping) {
            if (value == null) {
                mapping.remove(name(last));
            } else {
                mapping.set(name(last), value);
            }
        }
    }

    private static String name(Object segment) {
        return segment instanceof Key k ? k.key() : String.valueOf(segment);
    }

    private static List<String> names(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
    }

    private static <T> java.util.stream.Stream<T> stream(Iterator<T> it) {
        return StreamSupport.stream(((Iterable<T>) () -> it).spliterator(), false);
    }

    private static String number(JsonNode n) {
        return n == null ? null : n.decimalValue().stripTrailingZeros().toPlainString();
    }

    /** An example value in YAML's flow style, as a user would write it: {max-pages: 1000, max-time: 2h}. */
    private static String flow(JsonNode v) {
        if (v.isObject()) {
            List<String> fields = new ArrayList<>();
            v.fields().forEachRemaining(e -> fields.add(e.getKey() + ": " + flow(e.getValue())));
            return "{" + String.join(", ", fields) + "}";
        }
        if (v.isArray()) {
            List<String> items = new ArrayList<>();
            v.forEach(i -> items.add(flow(i)));
            return "[" + String.join(", ", items) + "]";
        }
        String text = v.asText();
        return v.isTextual() && !PLAIN_YAML.matcher(text).matches() ? "'" + text.replace("'", "''") + "'" : text;
    }

    /** A value the user wrote, when its type is right: a string as it is written, else {@link #describe}. */
    static String shown(JsonNode node) {
        return node.isTextual() ? "'" + node.textValue() + "'" : describe(node);
    }

    /** A short description of a YAML value for error messages: "the number 3", "a list". */
    static String describe(JsonNode node) {
        if (node.isNull()) {
            return "no value";
        }
        if (node.isTextual()) {
            return "the string '" + node.textValue() + "'";
        }
        if (node.isNumber()) {
            return "the number " + node.asText();
        }
        if (node.isBoolean()) {
            return "the boolean " + node.asText();
        }
        if (node.isArray()) {
            return node.isEmpty() ? "an empty list" : "a list";
        }
        if (node.isObject()) {
            return node.isEmpty() ? "an empty mapping" : "a mapping";
        }
        return node.getNodeType().name().toLowerCase(Locale.ROOT);
    }
}
