// Injected before every page of the console bench (Playwright `addInitScript`), so it runs before any app code.
// It gives the bench three things measured inside the page, on the page's own clock (performance.now()):
// - `__bench.waitFor(name)`: when a named condition (see CONDITIONS) first holds after a DOM change, plus the
//   next frame, so the figure ends when the result can be on screen rather than when Playwright next polls;
// - the time of the user's last input (a trusted pointer press or key, or a choice in a <select>): where a
//   measured interaction starts;
// - a stub React DevTools hook: React calls `onCommitFiberRoot` after every commit, and the hook counts, by
//   component name, the fibers that did work in that commit (React's PerformedWork flag, as DevTools'
//   didFiberRender reads it). Subtrees React bailed out of keep their old child fibers and are not walked.
(() => {
  const PERFORMED_WORK = 0b1;
  // Fiber tags of components that run user code when they render (function, class, forwardRef, memo).
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);

  const visible = (element) => {
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const rowBoxes = () => document.querySelectorAll('tbody [role="checkbox"][aria-label^="Select row "]');

  /** The conditions the bench waits for; each names what a user would see. */
  const CONDITIONS = {
    // An email and a password field and an enabled submit button, all on screen (React has attached its handlers
    // when it rendered them).
    signInForm: () => {
      const form = document.querySelector('form');
      if (!form) return false;
      const email = form.querySelector('input[type="email"]');
      const password = form.querySelector('input[type="password"]');
      const submit = form.querySelector('button[type="submit"]');
      return visible(email) && visible(password) && visible(submit) && !email.disabled && !submit.disabled;
    },
    firstRow: () => visible(document.querySelector('main tbody tr td:not([colspan])')),
    rows250: () => rowBoxes().length === 250 && visible(rowBoxes()[249]),
    allChecked: () => {
      const boxes = rowBoxes();
      return boxes.length > 0 && [...boxes].every((box) => box.getAttribute('aria-checked') === 'true');
    },
    noneChecked: () => {
      const boxes = rowBoxes();
      return boxes.length > 0 && [...boxes].every((box) => box.getAttribute('aria-checked') === 'false');
    },
    selectableRow: () => visible(rowBoxes()[0]),
    oneChecked: () => [...rowBoxes()].filter((box) => box.getAttribute('aria-checked') === 'true').length === 1,
  };

  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

  const state = {
    lastPress: undefined,
    commits: 0,
    lastCommitAt: 0,
    renders: new Map(),
    interactions: [],
  };

  addEventListener('pointerdown', (event) => event.isTrusted && (state.lastPress = event.timeStamp), true);
  addEventListener('keydown', (event) => event.isTrusted && (state.lastPress = event.timeStamp), true);
  // Playwright's selectOption dispatches input/change itself (untrusted): a choice in a <select> starts there.
  addEventListener(
    'input',
    (event) => event.target instanceof HTMLSelectElement && (state.lastPress = event.timeStamp),
    true,
  );

  // Event Timing: how long each trusted interaction took to its next paint (what INP is built from).
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.interactionId)
          state.interactions.push({
            name: entry.name,
            startTime: entry.startTime,
            duration: entry.duration,
            processing: entry.processingEnd - entry.processingStart,
          });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {
    // No Event Timing in this browser: the bench reports its own frame-based timing only.
  }

  function waitFor(name, timeoutMs = 60_000) {
    const holds = CONDITIONS[name];
    if (!holds) return Promise.reject(new Error(`unknown condition ${name}`));
    return new Promise((resolve, reject) => {
      let done = false;
      const finish = async () => {
        done = true;
        observer.disconnect();
        clearTimeout(timer);
        const holdsAt = performance.now();
        await nextFrame();
        resolve({ holdsAt, paintedAt: performance.now() });
      };
      const check = () => !done && document.body && holds() && finish();
      const observer = new MutationObserver(check);
      const timer = setTimeout(() => {
        done = true;
        observer.disconnect();
        reject(new Error(`${name}: not reached within ${timeoutMs} ms at ${location.pathname}`));
      }, timeoutMs);
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      // Also once per frame: visibility can change through styles without a mutation of the watched nodes.
      const poll = () => !done && (check(), requestAnimationFrame(poll));
      poll();
    });
  }

  function componentName(fiber) {
    // A memo() or forwardRef() wrapper's displayName survives minification; the function's own name does not.
    if (fiber.elementType?.displayName) return fiber.elementType.displayName;
    const type = fiber.type;
    if (!type) return 'Anonymous';
    if (typeof type === 'function') return type.displayName || type.name || 'Anonymous';
    if (fiber.tag === 11) return type.displayName || type.render?.displayName || type.render?.name || 'ForwardRef';
    if (fiber.tag === 14) return type.displayName || type.type?.displayName || type.type?.name || 'Memo';
    return type.displayName || 'Anonymous';
  }

  function countRendered(fiber) {
    // Iterative walk: a 250-row table is deep and wide.
    const stack = [fiber];
    while (stack.length > 0) {
      const node = stack.pop();
      if (COMPONENT_TAGS.has(node.tag) && (node.flags & PERFORMED_WORK) === PERFORMED_WORK) {
        const name = componentName(node);
        state.renders.set(name, (state.renders.get(name) ?? 0) + 1);
      }
      // Same child as the previous tree: React bailed out of this whole subtree, nothing below rendered.
      if (node.alternate && node.alternate.child === node.child) {
        if (node.sibling) stack.push(node.sibling);
        continue;
      }
      if (node.sibling) stack.push(node.sibling);
      if (node.child) stack.push(node.child);
    }
  }

  let nextRendererId = 1;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    isDisabled: false,
    inject(renderer) {
      const id = nextRendererId++;
      this.renderers.set(id, renderer);
      return id;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    setStrictMode() {},
    onCommitFiberRoot(_rendererId, root) {
      state.commits += 1;
      state.lastCommitAt = performance.now();
      // The root fiber itself is not a component; its child is where the app starts.
      const current = root.current;
      if (current.alternate && current.alternate.child === current.child) return;
      if (current.child) countRendered(current.child);
    },
  };

  window.__bench = {
    waitFor,
    // Armed at document start, so a sign-in form that appears before the bench asks is still timed exactly.
    signInForm: waitFor('signInForm').catch((error) => ({ error: error.message })),
    lastPress: () => state.lastPress,
    /** Starts counting renders and interactions afresh. */
    resetRenders() {
      state.commits = 0;
      state.renders = new Map();
      state.interactions = [];
    },
    /** Resolves once no commit happened for `quietMs`, then hands back what rendered since the reset. */
    async settledRenders(quietMs = 300) {
      while (performance.now() - state.lastCommitAt < quietMs)
        await new Promise((resolve) => setTimeout(resolve, quietMs / 3));
      return {
        commits: state.commits,
        renders: Object.fromEntries([...state.renders].sort((a, b) => b[1] - a[1])),
        interactions: state.interactions,
        hookConnected: window.__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size > 0,
      };
    },
  };
})();
