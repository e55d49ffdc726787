package org.topicstorm.relevance;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Model state held in memory: for scoring outside a crawl (tests, benchmarks, keyword expansion). */
public final class MemoryStateStore implements ModelStateStore {

    private final Map<String, Object> states = new ConcurrentHashMap<>();

    @Override
    public <S> Optional<S> load(String kind, Class<S> type) {
        return Optional.ofNullable(states.get(kind)).map(type::cast);
    }

    @Override
    public void save(String kind, Object state) {
        states.put(kind, state);
    }
}
