package org.topicstorm.relevance;

/**
 * A model that learns during the crawl. Its state is crawl state: the crawl's one writer task saves it to the
 * crawl's model index, the other tasks load it from there periodically, and a restarted crawl continues from it
 * ({@link ModelSync}).
 *
 * @param <S> the state, a record that Jackson writes as JSON
 */
public interface AdaptiveModel<S> {

    /** The state's name in the model index (its document id). */
    String kind();

    Class<S> stateType();

    /** The current state. */
    S state();

    /** Replaces the state (a reader's refresh). */
    void state(S state);

    /** How many times the state changed since the model was made: the writer saves when this moved. */
    long changes();
}
