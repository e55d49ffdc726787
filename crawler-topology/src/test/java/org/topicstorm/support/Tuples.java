package org.topicstorm.support;

import org.apache.storm.task.GeneralTopologyContext;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.TupleImpl;
import org.apache.storm.utils.Utils;

import java.util.List;
import java.util.Map;

/** Real Storm tuples for bolt unit tests, as if emitted on the default stream of an upstream component. */
public final class Tuples {

    private static final String SOURCE = "upstream";
    private static final int TASK = 1;

    private Tuples() {
    }

    public static Tuple tuple(Fields fields, Object... values) {
        GeneralTopologyContext context = new GeneralTopologyContext(null, Map.of(), Map.of(TASK, SOURCE),
                Map.of(SOURCE, List.of(TASK)), Map.of(SOURCE, Map.of(Utils.DEFAULT_STREAM_ID, fields)), "test");
        return new TupleImpl(context, List.of(values), SOURCE, TASK, Utils.DEFAULT_STREAM_ID);
    }

    /** A tick tuple, as Storm sends to a bolt that asks for ticks. */
    public static Tuple tick() {
        String system = org.apache.storm.Constants.SYSTEM_COMPONENT_ID;
        String stream = org.apache.storm.Constants.SYSTEM_TICK_STREAM_ID;
        GeneralTopologyContext context = new GeneralTopologyContext(null, Map.of(), Map.of(-1, system),
                Map.of(system, List.of(-1)), Map.of(system, Map.of(stream, new Fields("rate_secs"))), "test");
        return new TupleImpl(context, List.of(1), system, -1, stream);
    }
}
