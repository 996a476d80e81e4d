package io.quickphotos.internal.repository;

import io.quickphotos.AccessPattern;
import io.quickphotos.Block;
import io.quickphotos.Follow;
import io.quickphotos.FollowRequest;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.internal.repository.privacy.Privacy;
import io.quickphotos.internal.repository.request.Calls;
import io.quickphotos.internal.repository.validation.Validation;

/**
 * The facade's calls of who may see what: each checks its arguments ({@link Validation}: bad
 * input fails the same on every backend, before any request) and hands off to {@link Privacy}
 * inside one {@link Calls#call}. Beside {@link SingleTableQuickPhotos}, which delegates to it.
 * Thread-safe if the engine is.
 */
final class PrivacyCalls {
  private final Calls calls;
  private final Privacy privacy;

  PrivacyCalls(Calls calls, Privacy privacy) {
    this.calls = calls;
    this.privacy = privacy;
  }

  Follow approveRequest(String account, String requester) {
    pair("account", account, "requester", requester);
    return calls.call(
        AccessPattern.APPROVE_REQUEST, meter -> privacy.approve(account, requester, meter));
  }

  void declineRequest(String account, String requester) {
    pair("account", account, "requester", requester);
    calls.call(
        AccessPattern.DECLINE_REQUEST,
        meter -> {
          privacy.discard(account, requester, meter);
          return null;
        });
  }

  void withdrawRequest(String requester, String account) {
    pair("requester", requester, "account", account);
    calls.call(
        AccessPattern.WITHDRAW_REQUEST,
        meter -> {
          privacy.discard(account, requester, meter);
          return null;
        });
  }

  Page<FollowRequest> followRequestsOf(String account, PageRequest page) {
    Validation.username("account", account);
    Validation.page(page, PageRequest.MAX_SIZE);
    return calls.call(
        AccessPattern.FOLLOW_REQUESTS_OF, meter -> privacy.requestsOf(account, page, meter));
  }

  void block(String blocker, String blocked) {
    Validation.username("blocker", blocker);
    Validation.username("blocked", blocked);
    Validation.notSelf(blocker, blocked);
    calls.call(
        AccessPattern.BLOCK,
        meter -> {
          privacy.block(blocker, blocked, meter);
          return null;
        });
  }

  boolean unblock(String blocker, String blocked) {
    Validation.username("blocker", blocker);
    Validation.username("blocked", blocked);
    Validation.notSelf(blocker, blocked);
    return calls.call(AccessPattern.UNBLOCK, meter -> privacy.unblock(blocker, blocked, meter));
  }

  Page<Block> blocksOf(String blocker, PageRequest page) {
    Validation.username("blocker", blocker);
    Validation.page(page, PageRequest.MAX_SIZE);
    return calls.call(AccessPattern.BLOCKS_OF, meter -> privacy.blocksOf(blocker, page, meter));
  }

  private static void pair(String first, String a, String second, String b) {
    Validation.username(first, a);
    Validation.username(second, b);
    Validation.notSame(a, b);
  }
}
