// gamelib's widgets in the browser: what ipywidgets 8 cannot say from Python (gamelib/viz/a11y.py).
//
// Each gamelib widget has one status line, this view.  It shows the line inside an element that stays
// (role="status", aria-live="polite"), so a screen reader reads every new status once, and it looks
// after the widget it sits in (the nearest ".gamelib-widget" above it):
//  * data-lm-suppress-shortcuts on that root and on each control in it, the moment it takes focus:
//    JupyterLab's notebook shortcuts (ArrowUp/ArrowDown move between cells, "x" cuts one...) leave
//    the keys inside the widget to its menus and sliders.  (Lumino stops looking at the first element
//    that has the attribute or matches a shortcut's selector, and the notebook's selectors end in
//    ":focus": the focused control itself must carry it, an ancestor is too late.)
//  * names: an icon's glyph is hidden from screen readers (the button's words name it); a button,
//    field or menu without a visible label is named by its tooltip; a button whose tooltip contains
//    its words is named by the tooltip (a board square: "row 1, column 2: X"); a slider's handle and
//    readout are named by the slider's description;
//  * states ipywidgets does not say: a toggle button (ToggleButton, each button of a ToggleButtons)
//    says whether it is pressed (aria-pressed); a greyed slider leaves the Tab order (its handle's
//    tabindex -1) and says it is disabled (aria-disabled on handle and readout); a slider's typeable
//    readout is an edit field (role="textbox"), not a "generic" element;
//  * focus: when an update takes away the control a student used (a board's buttons shown anew, a
//    button disabled while the agent thinks), focus waits on the box that held the control (tabindex
//    -1, at once: never a frame on the page's body) and then goes to the control now in its place,
//    once it can take focus, or else to its nearest neighbour.  The status line is written last in an
//    update (gamelib/viz/live.py), so its change says the update is over: a control still greyed then
//    stays greyed (its neighbour takes the focus), a new one in its place may be enabled a moment
//    later (a board's SETTLE: wait for it); however long the agent thinks, nothing moves before that.
const ROOT = ".gamelib-widget";
const CONTROLS = "button, input, select, textarea, [tabindex]:not([tabindex='-1']), [contenteditable='true']";
const WAIT_MS = 3000;   // how long a lost focus waits for its control to be shown anew (a slow reply)
const RECENT_MS = 10000; // focus is given back only for a control used this recently
const GIVE_UP_MS = 120000; // a focus lost this long ago is no longer given back (an update never ended)
const STATUS_EVENT = "gamelib-status";   // sent on the widget's root when its status line is written

function words(el) {
  return (el.innerText || el.textContent || "").replace(/\s+/g, " ").trim();
}

function shown(el) {
  return !!el && el.isConnected && el.getClientRects().length > 0;
}

function hasVisibleLabel(control) {
  return [...(control.labels || [])].some((l) => shown(l) && words(l));
}

function widgetOf(control) {
  return control.closest(".jupyter-widgets:not(.widget-box)") || control.parentElement;
}

function tooltipOf(control) {
  if (control.title) return control.title;
  const widget = widgetOf(control);
  const label = widget && widget.querySelector(":scope > .widget-label");
  return (label && label.title) || (widget && widget.title) || "";
}

function setName(el, name) {
  if (name && el.getAttribute("aria-label") !== name) el.setAttribute("aria-label", name);
}

function name(root) {
  for (const control of root.querySelectorAll(CONTROLS)) {
    if (!control.hasAttribute("data-lm-suppress-shortcuts")) control.setAttribute("data-lm-suppress-shortcuts", "true");
  }
  for (const icon of root.querySelectorAll(".fa")) {
    if (icon.getAttribute("aria-hidden") !== "true") icon.setAttribute("aria-hidden", "true");
  }
  for (const button of root.querySelectorAll("button")) {
    const title = button.getAttribute("title") || "";
    const text = words(button);
    if (title && (!text || title.toLowerCase().includes(text.toLowerCase()))) setName(button, title);
  }
  for (const control of root.querySelectorAll("input, select, textarea")) {
    if (!hasVisibleLabel(control)) setName(control, tooltipOf(control));
  }
  for (const slider of root.querySelectorAll(".widget-slider")) {
    const label = slider.querySelector(".widget-label");
    const what = (label && shown(label) && words(label)) || (label && label.title) || slider.title || "";
    for (const handle of slider.querySelectorAll("[role='slider']")) setName(handle, what);
    const readout = slider.querySelector(".widget-readout");
    if (readout) setName(readout, what ? `${what}: type a value` : "");
    state(slider, readout);
  }
  for (const toggle of root.querySelectorAll(".widget-toggle-button")) {
    setAttr(toggle, "aria-pressed", toggle.classList.contains("mod-active") ? "true" : "false");
  }
}

function setAttr(el, attr, value) {
  if (value === null) {
    if (el.hasAttribute(attr)) el.removeAttribute(attr);
  } else if (el.getAttribute(attr) !== value) {
    el.setAttribute(attr, value);
  }
}

// A slider's state, said: ipywidgets greys a disabled slider (the attribute disabled on its track, the
// readout no longer editable) but its handle stays in the Tab order and is not said to be disabled,
// and its readout (a contenteditable div) is a "generic" element to a screen reader, not an edit field.
function state(slider, readout) {
  const off = !!slider.querySelector("[disabled]");   // ipywidgets marks the track
  for (const handle of slider.querySelectorAll("[role='slider']")) {
    setAttr(handle, "tabindex", off ? "-1" : "0");
    setAttr(handle, "aria-disabled", off ? "true" : null);
  }
  if (readout) {
    setAttr(readout, "role", "textbox");
    setAttr(readout, "aria-multiline", "false");
    setAttr(readout, "aria-disabled", off ? "true" : null);
  }
}

function pathOf(root, el) {
  const path = [];
  for (let node = el; node && node !== root; node = node.parentElement) {
    if (!node.parentElement) return null;
    path.unshift([...node.parentElement.children].indexOf(node));
  }
  return path;
}

function at(root, path) {
  let node = root;
  for (const i of path || []) {
    node = node && node.children[i];
  }
  return node === root ? null : node;
}

function focusable(el) {
  return !!el && shown(el) && !el.disabled && !el.closest("[disabled]") && el.matches(CONTROLS);
}

function before(a, b) {   // does path a come before path b in document order?
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i] < b[i];
  }
  return a.length < b.length;
}

function neighbour(root, path) {
  const all = [...root.querySelectorAll(CONTROLS)].filter(focusable);
  const after = all.find((el) => !before(pathOf(root, el), path));
  return after || all[all.length - 1] || null;
}

function holderOf(root, path) {   // the box that held a control: it stays while its children change
  for (let n = path.length - 1; n > 0; n--) {
    const box = at(root, path.slice(0, n));
    if (box && shown(box)) return box;
  }
  return root;
}

function keepFocus(root) {
  let used = null;        // the control the student used last
  let path = null;        // where it is in the widget
  let lost = 0;           // when its focus was lost to an update (0: not lost)
  let input = 0;          // when the student last pressed a key or the pointer in the widget
  let written = 0;        // when the status line was last written (an update ended)
  let holder = null;      // the box holding the focus meanwhile: never the page's body
  const release = () => {
    const box = holder;
    holder = null;
    if (box && box.__gamelibHeld) {
      box.__gamelibHeld = false;
      box.removeAttribute("tabindex");
    }
  };
  // While an update has taken the control away (the agent thinking, the board's buttons shown anew),
  // focus waits on the box that held it (tabindex -1: not in the Tab order), so that it is never on
  // the page's body (a screen reader then says nothing of where the student is, and Tab starts again
  // at the top of the page).
  const hold = () => {
    if (holder && document.activeElement === holder) return;
    release();
    const box = holderOf(root, path);
    if (!box.hasAttribute("tabindex")) {
      box.setAttribute("tabindex", "-1");
      box.__gamelibHeld = true;
    }
    box.setAttribute("data-lm-suppress-shortcuts", "true");
    holder = box;
    box.addEventListener("blur", () => { if (holder === box) release(); }, { once: true });
    box.focus({ preventScroll: true });
  };
  root.addEventListener("focusin", (e) => {
    if (e.target === holder) return;
    e.target.setAttribute("data-lm-suppress-shortcuts", "true");
    used = e.target;
    path = pathOf(root, used);
    lost = 0;
  });
  const noted = (e) => {
    if (holder && e.target === holder) return;   // keys pressed while waiting start no update
    if (root.contains(e.target)) {
      input = performance.now();
    } else {                // the student acts elsewhere: the widget gives back nothing
      used = null;
      path = null;
    }
  };
  document.addEventListener("pointerdown", noted, true);
  document.addEventListener("keydown", noted, true);
  const gone = () => {
    const active = document.activeElement;
    return !active || active === document.body || (root.contains(active) && !focusable(active));
  };
  const restore = (when) => {   // when: "change" (the page changed), "status" (the update is over), "late"
    // Only a focus the widget took away: the control gone or disabled, nothing else focused.  A
    // student who clicked elsewhere keeps that focus.
    if (!path || focusable(used) || !gone()) {
      lost = 0;
      return;
    }
    const now = performance.now();
    if (!lost) {
      if (now - input > RECENT_MS) return;    // not taken by the student's last action
      lost = now;
      setTimeout(() => restore("late"), WAIT_MS + 50);
    }
    if (now - lost > GIVE_UP_MS) return;
    // The update is over once the status line has been written since the student's action.
    const over = written > input ? written : 0;
    // The control in its place: a new one (a board's buttons shown anew) may be disabled a moment
    // longer (wait for it); the same one, greyed when the update is over, stays greyed (go to its
    // neighbour); nothing in its place WAIT_MS after the update (or the loss): the neighbour.
    const same = at(root, path);
    const greyed = over && same === used;
    const late = over && now - Math.max(over, lost) >= WAIT_MS;
    const target = focusable(same) ? same : greyed || late ? neighbour(root, path) : null;
    if (target) {
      target.focus();
      used = target;
      path = pathOf(root, target);
      lost = 0;
    } else {
      hold();
    }
  };
  root.addEventListener("focusout", (e) => {   // at once after the event: never a frame on the body
    if (e.relatedTarget === null) queueMicrotask(() => restore("change"));
  });
  root.addEventListener(STATUS_EVENT, () => {
    written = performance.now();
    if (lost) setTimeout(() => restore("late"), WAIT_MS + 50);
    requestAnimationFrame(() => restore("status"));
  });
  return restore;
}

function look_after(root) {
  if (root.__gamelibKept) return;
  root.__gamelibKept = true;
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const restore = keepFocus(root);
  let queued = false;
  const observer = new MutationObserver(() => {
    restore("change");        // a focused control taken away: held at once (a microtask, no frame)
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      name(root);
      restore("change");
    });
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true,
                           attributeFilter: ["disabled", "title", "style", "class", "contenteditable"] });
  name(root);
}

function render({ model, el }) {
  el.classList.add("gamelib-status-line");
  const line = document.createElement("div");
  line.setAttribute("role", "status");
  line.setAttribute("aria-live", "polite");
  line.setAttribute("aria-atomic", "true");
  el.appendChild(line);
  let showing = null;
  let again = model.get("again");
  const show = () => {   // the same words again are not written again (not read out again) ...
    if (showing !== model.get("value")) line.innerHTML = showing = model.get("value");
  };
  const done = () => {
    const root = el.closest(ROOT);
    if (root) root.dispatchEvent(new CustomEvent(STATUS_EVENT));
  };
  const written = () => {   // an update is over (serial counts the writes)
    if (again !== model.get("again")) {   // ... unless the update said them again: emptied, then refilled
      again = model.get("again");
      line.textContent = "";
      showing = null;
      setTimeout(() => { show(); done(); }, 100);
      return;
    }
    show();
    done();
  };
  show();
  model.on("change:value", show);
  model.on("change:serial", written);
  let tries = 0;
  const attach = () => {   // the box puts this view in its place after rendering it
    const root = el.closest(ROOT);
    if (root) look_after(root);
    else if (tries++ < 600) requestAnimationFrame(attach);
  };
  attach();
  return () => {
    model.off("change:value", show);
    model.off("change:serial", written);
  };
}

export default { render };
