// The banner over the page when the event log does not fit the pipeline
// shown: a log of another pipeline, or one naming flows it does not declare.
// The server tells which (`mismatch`); the text is set as text, never markup.

export function showLogWarning(banner, mismatch) {
  banner.hidden = mismatch === null || mismatch === undefined;
  if (banner.hidden) return;
  const run = mismatch.runId === null ? '' : ` (run ${mismatch.runId})`;
  const parts = [];
  if (mismatch.logged !== null && mismatch.logged !== mismatch.shown) {
    parts.push(`This event log is of pipeline "${mismatch.logged}"${run}, not of "${mismatch.shown}", the pipeline shown: the cards may not match the run.`);
  } else {
    parts.push(`This event log${run} does not fit pipeline "${mismatch.shown}", the pipeline shown: it may be of another version of it.`);
  }
  const count = mismatch.undeclaredFlowCount;
  if (count > 0) {
    const more = count > mismatch.undeclaredFlows.length ? `, and ${count - mismatch.undeclaredFlows.length} more` : '';
    parts.push(`Its events name ${count} flow${count === 1 ? '' : 's'} "${mismatch.shown}" does not declare, not drawn: ${mismatch.undeclaredFlows.join(', ')}${more}.`);
  }
  banner.textContent = parts.join(' ');
}
