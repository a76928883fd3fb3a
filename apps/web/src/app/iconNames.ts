/**
 * antd names every icon for assistive technology by the icon's English file name ("search", "info-circle", "left"),
 * whatever the screen's language, also where it draws the icon itself (alerts, pagination, password fields,
 * selects). An icon that still carries that name (its class is `anticon-<name>`) is decoration beside words: it is
 * hidden from assistive technology. An icon the console named in the reader's language keeps its name, and an
 * icon-only control is named on the control itself.
 */
const ICON = '.anticon[role="img"][aria-label]';

function hideNamedByAntd(icon: Element) {
  const name = icon.getAttribute('aria-label');
  if (name && icon.classList.contains(`anticon-${name}`)) icon.setAttribute('aria-hidden', 'true');
}

function visit(node: Node) {
  if (!(node instanceof Element)) return;
  if (node.matches(ICON)) hideNamedByAntd(node);
  for (const icon of node.querySelectorAll(ICON)) hideNamedByAntd(icon);
}

/** Hides antd's English icon names in `root` from now on. */
export function hideAntdIconNames(root: Element): MutationObserver {
  visit(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') visit(record.target);
      else for (const node of record.addedNodes) visit(node);
    }
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
  return observer;
}
