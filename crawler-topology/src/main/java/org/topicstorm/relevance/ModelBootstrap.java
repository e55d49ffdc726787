package org.topicstorm.relevance;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.topicstorm.parse.ParseConfig;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.text.AnalyzedPage;
import org.topicstorm.topic.RelevanceSettings;
import org.topicstorm.topic.RelevanceSettings.Model;
import org.topicstorm.topic.Topic;

import java.io.IOException;
import java.util.List;

/**
 * Makes the adaptive models' initial states when a crawl starts. A crawl that already has them in its model index
 * (a resumed crawl) keeps them: it continues from what it learnt. Otherwise the seed pages are read
 * ({@link SeedPages}: the topic's seed-pages directory, or its seed URLs fetched once) and the states made from
 * them are saved. Runs in the launcher, before the topology starts, so every relevance task finds the state.
 */
public final class ModelBootstrap {

    private static final Logger LOG = LoggerFactory.getLogger(ModelBootstrap.class);

    private ModelBootstrap() {
    }

    /** @return true when states were made (false: none needed, or all already stored) */
    public static boolean ensure(Topic topic, ModelStateStore store, ParseConfig parseConfig) throws IOException {
        RelevanceSettings r = topic.relevance();
        boolean centroid = r.uses(Model.CENTROID) && store.load(CentroidModel.KIND, CentroidState.class).isEmpty();
        boolean seedSet = r.uses(Model.SEED_SET) && store.load(SeedSetModel.KIND, SeedSetState.class).isEmpty();
        boolean made = learningStates(topic, store);
        if (!centroid && !seedSet) {
            return made;
        }
        List<ParsedPage> pages = new SeedPages(parseConfig).load(topic);
        LOG.info("Topic model learnt from {} seed pages", pages.size());
        save(topic, pages, store, centroid, seedSet);
        return true;
    }

    /** Makes and saves the states of every adaptive model the topic uses, from these seed pages. */
    public static void createStates(Topic topic, List<ParsedPage> seedPages, ModelStateStore store) {
        RelevanceSettings r = topic.relevance();
        try {
            save(topic, seedPages, store, r.uses(Model.CENTROID), r.uses(Model.SEED_SET));
            learningStates(topic, store);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * The states of what learns from judgements (the page classifier, the self-tuned threshold, the rounds'
     * progress), made when missing; returns whether one was made. They need no seed pages: the classifier starts
     * untrained, the threshold at the topic's.
     */
    private static boolean learningStates(Topic topic, ModelStateStore store) throws IOException {
        RelevanceSettings r = topic.relevance();
        boolean made = false;
        if (r.uses(Model.CLASSIFIER) && store.load(PageClassifier.KIND, PageClassifier.State.class).isEmpty()) {
            store.save(PageClassifier.KIND, PageClassifier.State.UNTRAINED);
            made = true;
        }
        if (r.selfTuning() != null && store.load(ThresholdTuner.KIND, ThresholdTuner.State.class).isEmpty()) {
            store.save(ThresholdTuner.KIND, ThresholdTuner.initialState(r.selfTuning(), topic.threshold(), "prior"));
            made = true;
        }
        if ((r.uses(Model.CLASSIFIER) || r.selfTuning() != null)
                && store.load(JudgementRounds.KIND, JudgementRounds.Progress.class).isEmpty()) {
            store.save(JudgementRounds.KIND, JudgementRounds.Progress.START);
            made = true;
        }
        return made;
    }

    private static void save(Topic topic, List<ParsedPage> pages, ModelStateStore store, boolean centroid,
                             boolean seedSet) throws IOException {
        RelevanceSettings r = topic.relevance();
        List<AnalyzedPage> analysed = RelevanceModels.analyse(topic, pages);
        if (centroid) {
            store.save(CentroidModel.KIND,
                    CentroidModel.initialState(analysed, r.tagWeights(), r.centroid().features()));
        }
        if (seedSet) {
            store.save(SeedSetModel.KIND, SeedSetModel.initialState(analysed, r.tagWeights(), r.seedSet().terms()));
        }
    }
}
