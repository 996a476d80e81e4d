package io.quickphotos.spring.boot;

import io.quickphotos.InvalidInputException;
import io.quickphotos.PageRequest;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/**
 * A Spring MVC controller's {@link PageRequest} parameter from the request's {@code cursor} and
 * {@code size} query parameters, so that no controller parses them itself: no cursor (or an empty
 * one) is the first page, a size left out is {@value PageRequest#DEFAULT_SIZE}. A size that is not
 * a number from 1 to {@value PageRequest#MAX_SIZE}, or a cursor the repository cannot read (when
 * the call is made), is an {@link InvalidInputException}: a 400 with the starter's problem
 * details. Makes no request. Stateless and thread-safe.
 *
 * <p>The starter adds it to Spring MVC; a standalone {@code MockMvc} takes it with {@code
 * setCustomArgumentResolvers(new PageRequestArgumentResolver())}.
 */
public final class PageRequestArgumentResolver implements HandlerMethodArgumentResolver {

  /** A resolver; it holds nothing. */
  public PageRequestArgumentResolver() {}

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
   * @param container unused
   * @param request the request, read for {@code cursor} and {@code size}
   * @param binders unused
   * @return the first page, or the page after the cursor, of the size asked for
   * @throws InvalidInputException if the size is not a number from 1 to {@value
   *     PageRequest#MAX_SIZE}
   */
  @Override
  public PageRequest resolveArgument(
      MethodParameter parameter,
      ModelAndViewContainer container,
      NativeWebRequest request,
      WebDataBinderFactory binders) {
    return pageOf(request.getParameter("cursor"), request.getParameter("size"));
  }

  /**
   * The page two query parameters ask for; shared with WebFlux's resolver, so that both read
   * them alike.
   *
   * @throws InvalidInputException if the size is not a number from 1 to the maximum
   */
  static PageRequest pageOf(String cursor, String size) {
    int items = PageRequest.DEFAULT_SIZE;
    if (size != null) {
      try {
        items = Integer.parseInt(size.trim());
      } catch (NumberFormatException e) {
        throw new InvalidInputException(
            "page size must be a number from 1 to " + PageRequest.MAX_SIZE + ", was " + size, e);
      }
    }
    return cursor == null || cursor.isEmpty()
        ? PageRequest.first(items)
        : PageRequest.after(cursor, items);
  }
}
