package io.quickphotos.spring.boot;

import io.quickphotos.InvalidInputException;
import io.quickphotos.PageRequest;
import org.springframework.core.MethodParameter;
import org.springframework.util.MultiValueMap;
import org.springframework.web.reactive.BindingContext;
import org.springframework.web.reactive.result.method.SyncHandlerMethodArgumentResolver;
import org.springframework.web.server.ServerWebExchange;

/**
 * A Spring WebFlux controller's {@link PageRequest} parameter from the request's {@code cursor}
 * and {@code size} query parameters, read as {@link PageRequestArgumentResolver} reads them for
 * Spring MVC: no cursor (or an empty one) is the first page, a size left out is {@value
 * PageRequest#DEFAULT_SIZE}, a size that is not a number from 1 to {@value PageRequest#MAX_SIZE}
 * an {@link InvalidInputException} (a 400 with the starter's problem details). Synchronous: the
 * query is there before the body. Makes no request. Stateless and thread-safe.
 *
 * <p>The starter adds it to WebFlux; a {@code WebTestClient.bindToController(...)} takes it with
 * {@code argumentResolvers(r -> r.addCustomResolver(new ReactivePageRequestArgumentResolver()))}.
 */
public final class ReactivePageRequestArgumentResolver
    implements SyncHandlerMethodArgumentResolver {

  /** A resolver; it holds nothing. */
  public ReactivePageRequestArgumentResolver() {}

  /**
   * Whether the parameter is a {@link PageRequest}.
   *
   * @param parameter a controller method's parameter
   * @return true for a {@code PageRequest}
   */
  @Override
  public boolean supportsParameter(MethodParameter parameter) {
    return parameter.getParameterType() == PageRequest.class;
  }

  /**
   * The page the request asks for.
   *
   * @param parameter the parameter
   * @param binding unused
   * @param exchange the exchange, whose query is read for {@code cursor} and {@code size}
   * @return the first page, or the page after the cursor, of the size asked for
   * @throws InvalidInputException if the size is not a number from 1 to {@value
   *     PageRequest#MAX_SIZE}
   */
  @Override
  public PageRequest resolveArgumentValue(
      MethodParameter parameter, BindingContext binding, ServerWebExchange exchange) {
    MultiValueMap<String, String> query = exchange.getRequest().getQueryParams();
    return PageRequestArgumentResolver.pageOf(query.getFirst("cursor"), query.getFirst("size"));
  }
}
