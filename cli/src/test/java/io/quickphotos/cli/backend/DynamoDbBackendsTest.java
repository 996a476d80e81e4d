package io.quickphotos.cli.backend;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.AccessPattern;
import io.quickphotos.cli.Cli;
import io.quickphotos.cli.tour.Walkthrough;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DynamoDbBackendsTest {

  @BeforeEach
  void credentialsForTheDefaultChain() {
    // The first source the SDK's default chain reads; DynamoDB Local accepts any key.
    System.setProperty("aws.accessKeyId", "test");
    System.setProperty("aws.secretAccessKey", "test");
  }

  @AfterEach
  void forgetCredentials() {
    System.clearProperty("aws.accessKeyId");
    System.clearProperty("aws.secretAccessKey");
  }

  @Test
  void toursDynamoDbLocalInProcess() {
    Cli.Run run = Cli.run("tour", "--backend", "dynamodb-local", "--users", "6");

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .contains("quickphotos tour on DynamoDB Local (in this process) on http://127.0.0.1:")
        .contains("(as expected)")
        .doesNotContain("UNEXPECTED")
        .doesNotContain("Initializing DynamoDB Local");
    for (AccessPattern pattern : Walkthrough.PATTERNS) {
      assertThat(run.out()).containsPattern("(?m)^  " + pattern.name() + " +\\d+");
    }
  }

  @Test
  void loadsIntoDynamoDbLocal() {
    Cli.Run run = Cli.run("load", "--backend", "dynamodb-local", "--users", "4");

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .contains("Loading into DynamoDB Local")
        .contains("Wrote 42 items")
        .contains("Note: dynamodb-local keeps its data in this process only");
    assertThat(run.err()).as("no terminal, a short load: no progress lines").isEmpty();
  }

  @Test
  void toursAnyEndpointAndRunsAgainOnTheTableItLeft() {
    try (DynamoDbLocal local = DynamoDbLocal.start()) {
      String[] args = {
        "tour",
        "--backend",
        "dynamodb",
        "--endpoint",
        local.endpoint().toString(),
        "--region",
        "eu-west-1",
        "--table",
        "tour-test",
        "--users",
        "5"
      };

      Cli.Run first = Cli.run(args);
      Cli.Run second = Cli.run(args);

      assertThat(first.exitCode()).as(first.out() + first.err()).isZero();
      assertThat(first.out())
          .contains(
              "quickphotos tour on DynamoDB table tour-test in "
                  + "eu-west-1 at "
                  + local.endpoint());
      assertThat(second.exitCode()).as(second.out() + second.err()).isZero();
      // The first tour closed its newcomer's account at the end: the second creates it anew.
      assertThat(second.out())
          .contains("already there")
          .doesNotContain("already held this")
          .doesNotContain("UserAlreadyExistsException")
          .doesNotContain("UNEXPECTED");
    }
  }

  @Test
  void anUnreachableEndpointIsAOneLineError() throws IOException {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = socket.getLocalPort();
    }

    Cli.Run run =
        Cli.run(
            "load",
            "--backend",
            "dynamodb",
            "--endpoint",
            "http://127.0.0.1:" + closedPort,
            "--region",
            "us-east-1",
            "--users",
            "1");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err())
        .startsWith(
            "error: cannot open DynamoDB table quick-photos in "
                + "us-east-1 at http://127.0.0.1:"
                + closedPort)
        .doesNotContain("\tat ");
    assertThat(run.err().lines().count()).isEqualTo(1);
  }
}
