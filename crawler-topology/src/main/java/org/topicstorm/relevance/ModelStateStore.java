package org.topicstorm.relevance;

import java.io.IOException;
import java.util.Optional;

/** Where adaptive models keep their crawl state (the crawl's model index: {@link EsModelStateStore}). */
public interface ModelStateStore {

    /** The stored state of that kind, or empty when there is none yet. */
    <S> Optional<S> load(String kind, Class<S> type) throws IOException;

    /** Stores (replaces) the state of that kind; visible to the next {@link #load}. */
    void save(String kind, Object state) throws IOException;
}
