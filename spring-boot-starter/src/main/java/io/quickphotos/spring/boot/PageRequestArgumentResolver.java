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
 */
final class PageRequestArgumentResolver implements HandlerMethodArgumentResolver {

  @Override
  public boolean supportsParameter(MethodParameter parameter) {
    return parameter.getParameterType() == PageRequest.class;
  }

  @Override
  public PageRequest resolveArgument(
      MethodParameter parameter,
      ModelAndViewContainer container,
      NativeWebRequest request,
      WebDataBinderFactory binders) {
    String cursor = request.getParameter("cursor");
    String size = request.getParameter("size");
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
