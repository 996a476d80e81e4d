package io.quickphotos.cli.tour;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.AccessPattern;
import io.quickphotos.CostModel;
import io.quickphotos.cli.Cli;
import io.quickphotos.cli.output.Format;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class TourCommandTest {

  @Test
  void toursEveryAccessPatternOnMemoryAndSummarizesTheCosts() {
    Cli.Run run = Cli.run("tour");

    assertThat(run.err()).isEmpty();
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("quickphotos tour on memory")
        .contains(
            "Loaded the sample through the repository API: 100 users, 400 photos, "
                + "300 follows, 250 reactions (1,050 items written)")
        .containsPattern(
            "Query PK = USER#\\S+ AND SK BETWEEN #METADATA#\\S+ AND PHOTO\\$, "
                + "backwards, Limit 7, strongly consistent")
        .containsPattern("ExclusiveStartKey PK = USER#\\S+, SK = PHOTO#")
        .containsPattern("BatchGetItem \\d+ keys? \\(PK = USER#")
        .contains("→ ReactionNotFoundException: ")
        .contains("Query InvertedIndex SK = PHOTO#")
        .contains("TransactWriteItems, all or nothing:")
        .containsPattern("→ Photo<\\S+ -- \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ>")
        .containsPattern(
            "→ Photo<\\S+ -- [^>]+>  \\S+  \"The harbour at first light\"  4 attributes")
        .contains(
            "attributes {alt=\"Fishing boats in the harbour at dawn\", height=1080, views=1,"
                + " width=1080}, version 2")
        .containsPattern("SET app\\.views = if_not_exists\\(app\\.views, 0\\) \\+ :views")
        .containsPattern("→ VersionConflictException: photo \\S+ is at version 2, not 0")
        .containsPattern(
            "items as stored \\(one Scan\\): 100 users of \\d+ bytes on average \\(1 WCU a write,"
                + " 1 RCU a strongly consistent read\\); 400 photos of \\d+ bytes on average")
        .containsPattern("→ User<\\S+ -- [^>]+>")
        .contains("→ AlreadyFollowingException: ")
        .contains("(as expected)")
        .doesNotContain("UNEXPECTED")
        .containsPattern(
            "cost: 2 requests, [\\d.]+ RCU, 0\\.0 WCU, \\d+ items read, [\\d.]+ (µs|ms)")
        .contains("Summary of the tour's calls")
        .containsPattern(
            "Query PK = USER#(\\S+) AND begins_with\\(SK, PHOTO#\\1#\\), backwards, "
                + "Limit 10, eventually consistent");
    String summary = run.out().substring(run.out().indexOf("Summary of the tour's calls"));
    for (AccessPattern pattern : Walkthrough.PATTERNS) {
      assertThat(summary)
          .as("summary row of %s", pattern)
          .containsPattern(
              "(?m)^  "
                  + pattern.name()
                  + " +\\d+ +\\d+ +[\\d.,]+ +[\\d.,]+ +[\\d,]+ +[\\d.]+ (µs|ms|s)"
                  + " +\\$[\\d.,]+$");
    }
    // A block is 10 requests: its Queries of the reactions each left on the other's photos. The
    // newcomer's first view ever is 2 (it records that it has views), its repeat view 2, and
    // closing its account 2 more (the Query of its view marks and their transaction). The inbox:
    // a delivery (2), a page (4), two unread counts (4, then 3 once nothing is unread) and a mark.
    assertThat(summary).containsPattern("(?m)^  total +61 +135 ");
  }

  @Test
  void theSummarysDollarsAreItsUnitsAtOnDemandPricesPerMillionCalls() {
    String out = Cli.run("tour").out();
    String summary = out.substring(out.indexOf("Summary of the tour's calls"));
    Matcher row =
        Pattern.compile(
                "(?m)^  ([A-Z_]+|total) +([\\d,]+) +[\\d,]+ +([\\d.,]+) +([\\d.,]+) +[\\d,]+"
                    + " +[\\d.]+ (?:µs|ms|s) +(\\$[\\d.,]+)$")
            .matcher(summary);
    int rows = 0;
    while (row.find()) {
      double calls = Double.parseDouble(row.group(2).replace(",", ""));
      double read = Double.parseDouble(row.group(3).replace(",", ""));
      double write = Double.parseDouble(row.group(4).replace(",", ""));
      assertThat(row.group(5))
          .as("dollars of %s", row.group(1))
          .isEqualTo(
              Format.dollars(
                  CostModel.ON_DEMAND_US_EAST_1.dollars(read, write) / calls * 1_000_000));
      rows++;
    }
    assertThat(rows).isEqualTo(Walkthrough.PATTERNS.size() + 1);
  }

  @Test
  void withMetricsPrintsTheToursMetersAsAPrometheusScrape() {
    Cli.Run run = Cli.run("tour", "--metrics");

    assertThat(run.exitCode()).isZero();
    String out = run.out();
    String scrape = out.substring(out.indexOf("The tour's meters"));
    // The walkthrough's calls, by pattern; its failures by exception.
    assertThat(scrape)
        .contains("quickphotos_calls_seconds_count{exception=\"none\",pattern=\"get_user\"}")
        .contains(
            "quickphotos_calls_seconds_count{exception=\"AlreadyFollowingException\",pattern=\"follow\"} 1")
        .contains("quickphotos_capacity_units_total{pattern=\"follow\",type=\"write\"}")
        .contains("quickphotos_cost_dollars_total{pattern=\"home_feed\"}")
        .contains("quickphotos_requests_total{pattern=\"delete_user\"}");
    Matcher calls =
        Pattern.compile("(?m)^quickphotos_calls_seconds_count\\{[^}]*\\} ([\\d.]+)$")
            .matcher(scrape);
    double counted = 0;
    while (calls.find()) {
      counted += Double.parseDouble(calls.group(1));
    }
    String summary = out.substring(out.indexOf("Summary of the tour's calls"));
    Matcher total = Pattern.compile("(?m)^  total +([\\d,]+) ").matcher(summary);
    assertThat(total.find()).isTrue();
    // Read steps are timed over further calls, which the meters count too.
    assertThat(counted).isGreaterThanOrEqualTo(Double.parseDouble(total.group(1).replace(",", "")));
  }

  @Test
  void isTheDefaultCommand() {
    Cli.Run plain = Cli.run();
    Cli.Run withOptions = Cli.run("--users", "3", "--seed", "7");

    assertThat(plain.exitCode()).isZero();
    assertThat(Cli.withoutTimes(plain.out())).isEqualTo(Cli.withoutTimes(Cli.run("tour").out()));
    assertThat(withOptions.exitCode()).isZero();
    assertThat(withOptions.out()).contains("sample of seed 7").contains("3 users, 12 photos");
  }

  @Test
  void printsTheSameTourForTheSameSeed() {
    String first = Cli.run("tour", "--seed", "5", "--users", "20").out();
    String second = Cli.run("tour", "--seed", "5", "--users", "20").out();

    assertThat(Cli.withoutTimes(first)).isEqualTo(Cli.withoutTimes(second));
  }

  @Test
  void runsOnTheSmallestSample() {
    Cli.Run run = Cli.run("tour", "--users", "1");

    assertThat(run.exitCode()).as(run.out()).isZero();
    assertThat(run.out()).contains("1 user, 4 photos, 0 follows");
  }
}
