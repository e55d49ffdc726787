package org.topicstorm.topic;

import java.util.List;

/**
 * A topic file that cannot be used. Carries every problem found (not only the first), each naming the file and
 * the field, e.g. {@code seeds/x.yaml: field 'threshold': must be a number between 0 and 1, got the number 1.5}.
 */
public class TopicException extends RuntimeException {

    private final List<String> errors;

    public TopicException(String source, List<String> errors) {
        super(message(source, errors));
        this.errors = List.copyOf(errors);
    }

    /** One line per problem, each starting with the file name. */
    public List<String> errors() {
        return errors;
    }

    private static String message(String source, List<String> errors) {
        if (errors.size() == 1) {
            return errors.get(0);
        }
        return errors.size() + " errors in topic " + source + ":\n  " + String.join("\n  ", errors);
    }
}
