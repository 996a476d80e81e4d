package io.quickphotos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.TableConfigurationException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;

class ErrorMessagesTest {
  /** What the AWS SDK 2.37 says when no provider of its default chain has credentials. */
  static final String SDK_NO_CREDENTIALS =
      "Unable to load credentials from any of the providers"
          + " in the chain AwsCredentialsProviderChain(credentialsProviders=[SystemPropertyCredentials"
          + "Provider(), EnvironmentVariableCredentialsProvider(), WebIdentityTokenCredentialsProvider"
          + "(), ProfileCredentialsProvider(profileName=default, profileFile=ProfileFile(sections=[]))"
          + ", ContainerCredentialsProvider(), InstanceProfileCredentialsProvider()]) : [SystemProperty"
          + "CredentialsProvider(): Unable to load credentials from system settings. Access key must be"
          + " specified either via environment variable (AWS_ACCESS_KEY_ID) or system property"
          + " (aws.accessKeyId)., EnvironmentVariableCredentialsProvider(): Unable to load credentials"
          + " from system settings. Access key must be specified either via environment variable"
          + " (AWS_ACCESS_KEY_ID) or system property (aws.accessKeyId)., WebIdentityTokenCredentials"
          + "Provider(): Either the environment variable AWS_WEB_IDENTITY_TOKEN_FILE or the javaproperty"
          + " aws.webIdentityTokenFile must be set., ProfileCredentialsProvider(profileName=default,"
          + " profileFile=ProfileFile(sections=[])): Profile file contained no credentials for profile"
          + " 'default': ProfileFile(sections=[]), ContainerCredentialsProvider(): Cannot fetch"
          + " credentials from container - neither AWS_CONTAINER_CREDENTIALS_FULL_URI or"
          + " AWS_CONTAINER_CREDENTIALS_RELATIVE_URI environment variables are set.,"
          + " InstanceProfileCredentialsProvider(): Failed to load credentials from IMDS.]";

  static TableConfigurationException noCredentials() {
    SdkClientException sdk = SdkClientException.create(SDK_NO_CREDENTIALS);
    return new TableConfigurationException(
        "no AWS credentials for DescribeTable on DynamoDB"
            + " table quick-photos: "
            + sdk.getMessage(),
        sdk);
  }

  @Test
  void missingCredentialsSayTheSdksTextOnceAndTheHintOnce() {
    String line = ErrorMessages.withHint(noCredentials());
    assertThat(line)
        .isEqualTo(
            "no AWS credentials for DescribeTable on DynamoDB table"
                + " quick-photos: Unable to load credentials from any of the providers in the chain ("
                + ErrorMessages.CREDENTIALS_HINT
                + ")");
    assertThat(line.length()).isLessThan(400);
  }

  @Test
  void theRootCauseIsAddedOnlyIfTheMessageDoesNotQuoteIt() {
    SdkClientException sdk = SdkClientException.create("Connection refused");
    assertThat(
            ErrorMessages.concise(
                new ServiceUnavailableException(
                    "DynamoDB is unreachable",
                    ServiceUnavailableException.Reason.UNREACHABLE,
                    ServiceUnavailableException.Written.NOTHING,
                    new RuntimeException("wrapper", sdk))))
        .isEqualTo("DynamoDB is unreachable: Connection refused");
    assertThat(
            ErrorMessages.concise(
                new ServiceUnavailableException(
                    "could not complete GetItem: Connection refused",
                    ServiceUnavailableException.Reason.UNREACHABLE,
                    ServiceUnavailableException.Written.NOTHING,
                    sdk)))
        .isEqualTo("could not complete GetItem: Connection refused");
  }

  @Test
  void aHugeMessageIsCutToOneLineOrSo() {
    String line = ErrorMessages.concise(new IllegalStateException("x".repeat(5_000)));
    assertThat(line).hasSize(ErrorMessages.MAX_MESSAGE).endsWith("…");
    assertThat(ErrorMessages.hint(new IllegalStateException("x"))).isEmpty();
  }
}
