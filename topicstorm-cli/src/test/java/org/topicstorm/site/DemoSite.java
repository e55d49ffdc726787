package org.topicstorm.site;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A test site (the first demo's, which now crawls the LibreOffice help): a small portal about renewable energy,
 * cooking and football, served on 127.0.0.1, so that crawl tests work offline. The renewable-energy region is what
 * its topic ({@link #TOPIC_KEYWORDS}) looks for; the other two are there to be avoided. One energy page (solar cookers) is reachable only through a cooking page.
 */
public final class DemoSite {

    /** The demo topic's keywords and weights, matching the energy region's vocabulary. */
    public static final String TOPIC_KEYWORDS = """
              renewable energy: 1.0
              solar: 0.9
              wind: 0.8
              photovoltaic: 0.7
              turbine: 0.6
              battery: 0.5
              grid: 0.5
              hydrogen: 0.4
            """;

    private record Region(String slug, String[] titles, String[] sentences) {
    }

    private static final Region ENERGY = new Region("energy", new String[]{
        "Solar photovoltaic basics", "How wind turbines work", "Battery storage for the grid",
        "Hydroelectric power", "Geothermal energy", "Offshore wind farms", "Solar thermal collectors",
        "Green hydrogen", "Smart grids and demand response", "Rooftop solar and net metering",
        "Tidal and wave energy", "Renewable energy policy"}, new String[]{
        "Renewable energy comes from sources that are naturally replenished, such as sunlight, wind and water.",
        "A photovoltaic cell turns sunlight directly into electricity; solar panels group many cells together.",
        "A wind turbine converts the kinetic energy of moving air into electricity through a generator.",
        "Battery storage smooths the output of solar and wind plants and keeps the grid stable at night.",
        "Grid operators balance supply and demand as the share of renewable energy grows.",
        "Green hydrogen is made by electrolysis powered by renewable energy and can store energy for months.",
        "The cost of solar and wind power has fallen sharply over the past decade.",
        "Offshore wind turbines are larger than onshore ones because the wind at sea is stronger and steadier."});
    private static final Region COOKING = new Region("cooking", new String[]{
        "Baking sourdough bread", "Fresh pasta at home", "A weeknight curry", "Roasting vegetables",
        "Knife skills for beginners", "Making stock", "Classic French omelette", "Slow-cooked stews",
        "Pickles and preserves", "Chocolate cake"}, new String[]{
        "Knead the dough until it is smooth and elastic, then let it rise in a warm place.",
        "Season the sauce with salt, pepper and a little sugar to balance the acidity of the tomatoes.",
        "Roast the vegetables in a hot oven until the edges caramelise.",
        "A sharp knife is safer than a blunt one because it does not slip.",
        "Simmer the bones with onions, carrots and celery for several hours.",
        "Whisk the eggs gently and cook them over low heat, stirring all the time.",
        "Brown the meat in batches so that the pan stays hot.",
        "Fold the flour into the batter without knocking out the air."});
    private static final Region FOOTBALL = new Region("football", new String[]{
        "Match report: derby day", "The league table explained", "Transfer window round-up",
        "Tactics: the pressing game", "Youth academies", "Famous cup finals", "Goalkeeping drills",
        "Stadiums of Europe"}, new String[]{
        "The home side scored twice in the second half to win the derby.",
        "Three points for a win and one for a draw decide the league table.",
        "The club signed a young striker on the last day of the transfer window.",
        "A high press forces the opponents into mistakes near their own goal.",
        "The academy has produced several players for the national team.",
        "The cup final went to extra time and was decided on penalties.",
        "The goalkeeper practised diving saves and distribution with both feet.",
        "The stadium was sold out weeks before the match."});

    private DemoSite() {
    }

    /** Serves the site; close the returned server to stop it. Its front page, the demo's seed, is {@code /}. */
    public static SiteServer serve() throws IOException {
        SiteServer site = new SiteServer();
        site.text("/robots.txt", "User-agent: *\nDisallow: /admin/\n");
        List<String> portal = new ArrayList<>();
        for (Region r : List.of(ENERGY, COOKING, FOOTBALL)) {
            addRegion(site, r);
            portal.add(link(r, 0));
            portal.add(link(r, 1));
        }
        // the solar cooker page is linked from one cooking page only: a relevant page behind an irrelevant one
        site.html("/cooking/solar-cookers", page("Solar cookers",
                "A solar cooker uses sunlight as its energy source: reflective panels concentrate solar heat on a pot. "
                        + ENERGY.sentences()[0] + " " + ENERGY.sentences()[6], List.of(link(ENERGY, 2))));
        site.html("/", page("The everything portal", "News and guides on energy, food and sport.", portal));
        return site;
    }

    private static void addRegion(SiteServer site, Region r) {
        int n = r.titles().length;
        for (int i = 0; i < n; i++) {
            StringBuilder text = new StringBuilder();
            for (int k = 0; k < 4; k++) {
                text.append(r.sentences()[(i + 3 * k) % r.sentences().length]).append(' ');
            }
            List<String> links = new ArrayList<>();
            for (int k = 1; k <= 3; k++) {
                links.add(link(r, (i + k) % n));
            }
            if (r == COOKING && i == n - 1) {
                links.add("<a href=\"/cooking/solar-cookers\">Cooking with the sun</a>");
            }
            site.html(path(r, i), page(r.titles()[i], text.toString().trim(), links));
        }
    }

    private static String path(Region r, int i) {
        return "/" + r.slug() + "/" + r.titles()[i].toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-")
                .replaceAll("(^-|-$)", "");
    }

    private static String link(Region r, int i) {
        return "<a href=\"" + path(r, i) + "\">" + r.titles()[i] + "</a>";
    }

    private static String page(String title, String text, List<String> links) {
        StringBuilder sb = new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(title).append("</title></head><body><h1>").append(title).append("</h1><p>").append(text)
                .append("</p><ul>");
        links.forEach(l -> sb.append("<li>").append(l).append("</li>"));
        return sb.append("</ul></body></html>").toString();
    }
}
