package io.quickphotos.test.spring;

import io.quickphotos.memory.Faults;
import java.util.HashMap;
import java.util.Map;
import org.springframework.aop.scope.ScopedProxyUtils;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.ObjectFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanDefinitionHolder;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.config.Scope;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;

/**
 * Makes the starter's {@code quickPhotos} bean resettable in a test context: the bean becomes a
 * proxy over repositories Spring builds in a scope of the kit's, one per test class or test method
 * ({@link TestOwners}), with the same factory method, properties and beans as without the kit
 * (listeners, metrics, clock, faults, customizers); releasing a test's repository drops it from
 * the scope, empties the kit's table (DynamoDB Local) and clears the application's {@link Faults}
 * bean, so that test's next call would get a new, empty repository. Every
 * bean that took the repository keeps its proxy. A context whose {@code QuickPhotos} bean is the
 * application's own is left as it is.
 *
 * <p>A plain {@link BeanFactoryPostProcessor} added to the context: Spring runs it after the
 * auto-configurations' bean definitions are registered, or, in a context processed ahead of time,
 * after the generated ones are (the starter's repository keeps its factory bean's name there).
 */
final class ResettableRepository implements BeanFactoryPostProcessor {
  static final String BEAN = "quickPhotos";
  static final String HOLDER = "quickPhotosTestRepository";
  private static final String SCOPE = "quickphotos-test";
  private static final String STARTER = QuickPhotosContextCustomizerFactory.STARTER;

  private final TestTable table;

  ResettableRepository(TestTable table) {
    this.table = table;
  }

  @Override
  public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory)
      throws BeansException {
    if (!(beanFactory instanceof BeanDefinitionRegistry registry)
        || !registry.containsBeanDefinition(BEAN)
        || QuickPhotosContextCustomizer.aotProcessing()) {
      // Ahead of time the starter's plain definition is what the generated code keeps: the
      // holder's instance supplier could not be generated, and this post-processor runs again
      // on the generated definitions when the processed context starts.
      return;
    }
    BeanDefinition definition = registry.getBeanDefinition(BEAN);
    if (!STARTER.equals(definition.getFactoryBeanName())) {
      return; // the application's own repository
    }
    RepositoryScope scope = new RepositoryScope();
    beanFactory.registerScope(SCOPE, scope);
    registry.removeBeanDefinition(BEAN);
    definition.setScope(SCOPE);
    BeanDefinitionHolder proxy =
        ScopedProxyUtils.createScopedProxy(
            new BeanDefinitionHolder(definition, BEAN), registry, false);
    registry.registerBeanDefinition(BEAN, proxy.getBeanDefinition());
    Holder holder = new Holder(scope, table, beanFactory);
    // A definition, not a registered singleton: Spring calls afterSingletonsInstantiated only
    // on beans it has a definition of.
    registry.registerBeanDefinition(HOLDER, new RootBeanDefinition(Holder.class, () -> holder));
  }

  /** What a test context's reset calls; built at start-up like the bean it stands for. */
  static final class Holder implements SmartInitializingSingleton {
    private final RepositoryScope scope;
    private final TestTable table;
    private final ConfigurableListableBeanFactory beanFactory;

    Holder(RepositoryScope scope, TestTable table, ConfigurableListableBeanFactory beanFactory) {
      this.scope = scope;
      this.table = table;
      this.beanFactory = beanFactory;
    }

    /** Builds the repository with the other singletons, so a bad one fails the start. */
    @Override
    public void afterSingletonsInstantiated() {
      beanFactory.getBean(ScopedProxyUtils.getTargetBeanName(BEAN));
    }

    /**
     * Drops an owner's repository (its next call builds a new one), clears the application's
     * faults and, on DynamoDB Local, empties the table.
     */
    void release(String owner) {
      scope.release(owner);
      emptyTheTable();
      beanFactory.getBeanProvider(Faults.class).ifUnique(Faults::clear);
    }

    /** Empties the table the context's repositories share on DynamoDB Local; nothing on memory. */
    void emptyTheTable() {
      if (table != null) {
        table.empty();
      }
    }
  }

  /**
   * Holds a test context's repositories, one per owner ({@link TestOwners}: a test class, or a
   * test method) until it is released. Thread-safe.
   */
  static final class RepositoryScope implements Scope {
    private final Map<String, Object> beans = new HashMap<>();

    @Override
    public synchronized Object get(String name, ObjectFactory<?> factory) {
      String key = key(name, TestOwners.current());
      Object bean = beans.get(key);
      if (bean == null) {
        bean = factory.getObject();
        beans.put(key, bean);
      }
      return bean;
    }

    @Override
    public synchronized Object remove(String name) {
      return beans.remove(key(name, TestOwners.current()));
    }

    /** Drops what an owner's calls built. */
    synchronized void release(String owner) {
      beans.keySet().removeIf(key -> key.endsWith("|" + owner));
    }

    private static String key(String name, String owner) {
      return name + "|" + owner;
    }

    @Override
    public void registerDestructionCallback(String name, Runnable callback) {
      // Repositories hold nothing to release: a memory one is garbage, a DynamoDB one never
      // closes the client (the context does).
    }

    @Override
    public Object resolveContextualObject(String key) {
      return null;
    }

    @Override
    public String getConversationId() {
      return null;
    }
  }
}
