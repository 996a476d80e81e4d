package io.quickphotos.test;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ClassTemplateInvocationContext;
import org.junit.jupiter.api.extension.ClassTemplateInvocationContextProvider;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;

/** The two runs of a {@link BothBackends} class, each with the extension for its backend. */
final class BackendTemplates implements ClassTemplateInvocationContextProvider {

  BackendTemplates() {}

  @Override
  public boolean supportsClassTemplate(ExtensionContext context) {
    return true;
  }

  @Override
  public Stream<ClassTemplateInvocationContext> provideClassTemplateInvocationContexts(
      ExtensionContext context) {
    return Stream.of(Backend.MEMORY, Backend.DYNAMODB_LOCAL).map(BackendTemplates::run);
  }

  private static ClassTemplateInvocationContext run(Backend backend) {
    return new ClassTemplateInvocationContext() {
      @Override
      public String getDisplayName(int invocationIndex) {
        return "[" + backend.displayName() + "]";
      }

      @Override
      public List<Extension> getAdditionalExtensions() {
        return List.of(new QuickPhotosExtension(backend));
      }
    };
  }
}
