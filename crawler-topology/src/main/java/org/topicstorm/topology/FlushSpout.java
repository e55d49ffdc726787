package org.topicstorm.topology;

import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

import java.util.Map;

/**
 * Sub-second ticks for the batching bolts (indexer, status updater). Storm's tick tuples come at most once a second,
 * and a batch whose last tuples arrive at the end of a burst waits for the next tuple or tick: with few hosts the
 * burst is the few URLs of each host in flight, so every page waited up to a second in each batching bolt, and a
 * crawl of one host ran at a few pages a second. This spout emits a flush tuple every
 * {@link TopicStormConfig#FLUSH_INTERVAL_MS} on {@link #STREAM} (grouping ALL: every task of each bolt gets it),
 * unanchored (nothing to ack, not counted by topology.max.spout.pending). Run it with parallelism 1.
 */
public class FlushSpout extends BaseRichSpout {

    /** The stream of flush tuples. */
    public static final String STREAM = "flush";

    private transient SpoutOutputCollector collector;
    private transient long intervalMs;
    private transient long next;

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.intervalMs = TopicStormConfig.flushIntervalMs(conf);
    }

    @Override
    public void nextTuple() {
        long now = System.currentTimeMillis();
        if (now >= next) {
            collector.emit(STREAM, new Values(now));
            next = now + intervalMs;
        }
        // emitting nothing lets Storm's spout wait strategy idle the thread until the next call
    }

    /** Whether a bolt's input tuple is a flush tuple of this spout. */
    public static boolean isFlush(Tuple tuple) {
        return STREAM.equals(tuple.getSourceStreamId());
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declareStream(STREAM, new Fields("at"));
    }
}
