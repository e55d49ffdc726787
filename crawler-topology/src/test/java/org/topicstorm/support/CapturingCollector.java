package org.topicstorm.support;

import org.apache.storm.task.IOutputCollector;
import org.apache.storm.tuple.Tuple;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * A hand-written Storm collector for bolt unit tests: records every emit, ack, fail and reported error, in the
 * order they happen. Wrap it in {@code new OutputCollector(capture)} for the bolt.
 */
public final class CapturingCollector implements IOutputCollector {

    /** One emitted tuple. */
    public record Emit(String stream, List<Tuple> anchors, List<Object> values) {
    }

    /** Everything in call order: Emit, or "ack"/"fail" followed by the tuple in {@link #acked}/{@link #failed}. */
    public final List<Object> events = new ArrayList<>();
    public final List<Emit> emits = new ArrayList<>();
    public final List<Tuple> acked = new ArrayList<>();
    public final List<Tuple> failed = new ArrayList<>();
    public final List<Throwable> errors = new ArrayList<>();

    @Override
    public List<Integer> emit(String streamId, Collection<Tuple> anchors, List<Object> tuple) {
        Emit e = new Emit(streamId, List.copyOf(anchors), new ArrayList<>(tuple));
        emits.add(e);
        events.add(e);
        return List.of();
    }

    @Override
    public void emitDirect(int taskId, String streamId, Collection<Tuple> anchors, List<Object> tuple) {
        throw new UnsupportedOperationException("no direct streams here");
    }

    @Override
    public void ack(Tuple input) {
        acked.add(input);
        events.add("ack");
    }

    @Override
    public void fail(Tuple input) {
        failed.add(input);
        events.add("fail");
    }

    @Override
    public void resetTimeout(Tuple input) {
    }

    @Override
    public void flush() {
    }

    @Override
    public void reportError(Throwable error) {
        errors.add(error);
    }
}
