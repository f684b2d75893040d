"""The JavaScript the projector walk runs in a lesson page (issues 13, 19 and 39), apart from the walk itself.

Each constant is a function Playwright evaluates in the page (``page.evaluate(JS, arg)``) or an init script that
runs before any page script.  They read the page; none of them changes what a student sees (except
``TAG_BUTTONS_JS``, which marks buttons with a ``data-pl-probe`` attribute so the walk can click them in turn).
"""
from __future__ import annotations

#: (a) elements past the page's right edge, and boxes whose content is clipped or scrolls sideways
OVERFLOW_JS = """() => {
    const pageWidth = document.documentElement.clientWidth;
    const describe = el => {
        const classes = [...el.classList].filter(c => c.startsWith('pl-') || c.startsWith('widget-')
                                                     || c.startsWith('jupyter-') || c === 'bqplot').slice(0, 3);
        const text = (el.innerText || el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 60);
        return el.tagName.toLowerCase() + (classes.length ? '.' + classes.join('.') : '') + (text ? ` "${text}"` : '');
    };
    const visible = el => {
        if (!el.getClientRects().length) return false;
        const style = getComputedStyle(el);
        return style.visibility !== 'hidden' && parseFloat(style.opacity || '1') > 0;
    };
    const past = [], clipped = [];
    for (const el of document.body.querySelectorAll('*')) {
        if (el instanceof SVGElement && !(el instanceof SVGSVGElement)) continue;   // inside a chart: the svg box counts
        if (!visible(el)) continue;
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        if (rect.right > pageWidth + 1) {
            const parent = el.parentElement;
            const parentPast = parent && parent.getBoundingClientRect().right > pageWidth + 1;
            if (!parentPast) past.push(describe(el) + ` right=${Math.round(rect.right)}`);   // outermost only
        }
        const overflowX = getComputedStyle(el).overflowX;
        if (['hidden', 'auto', 'scroll', 'clip'].includes(overflowX) && el.scrollWidth > el.clientWidth + 2) {
            clipped.push(describe(el) + ` (${overflowX}: ${el.scrollWidth} > ${el.clientWidth} px)`);
        }
    }
    for (const text of document.querySelectorAll('svg text')) {     // chart titles and labels cut at the chart's edge
        if (!visible(text) || !(text.textContent || '').trim()) continue;
        const svg = text.ownerSVGElement;
        const box = svg.getBoundingClientRect(), rect = text.getBoundingClientRect();
        if (rect.left < box.left - 1 || rect.right > box.right + 1 || rect.top < box.top - 1 || rect.bottom > box.bottom + 1) {
            const chart = svg.closest('[class*="pl-"]');
            const where = chart ? [...chart.classList].filter(c => c.startsWith('pl-')).join('.') : 'svg';
            clipped.push(`chart text "${text.textContent.trim().slice(0, 50)}" cut at the edge of ${where}`);
        }
    }
    return {pageWidth, past, clipped};
}"""

#: (c) pixels of every canvas outside bqplot charts (bqplot keeps an empty WebGL canvas)
CANVAS_JS = """() => [...document.querySelectorAll('#rendered_cells canvas')].filter(
    canvas => !canvas.closest('.bqplot') && canvas.width > 0 && canvas.height > 0).map(canvas => {
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0; const colours = new Set();
    for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3]) { painted++; if (colours.size < 8) colours.add(data[i] + ',' + data[i+1] + ',' + data[i+2]); }
    }
    const owner = canvas.closest('[class*="pl-"]');
    const label = owner ? [...owner.classList].filter(c => c.startsWith('pl-')).join('.') : 'canvas';
    return {label, width: canvas.width, height: canvas.height, painted, colours: colours.size};
})"""

#: (e) text smaller than the projector minimum, and chart tick labels that overlap their neighbours
LABELS_JS = """(smallest) => {
    const visible = el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden';
    const small = new Map();
    for (const el of document.querySelectorAll('#rendered_cells *')) {
        const own = [...el.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim()).map(n => n.textContent.trim()).join(' ');
        if (!own || !visible(el)) continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size >= smallest - 0.5) continue;
        const chart = el.closest('[class*="pl-"]');
        const where = el instanceof SVGElement ? 'chart text' : el.tagName.toLowerCase();
        const owner = chart ? [...chart.classList].filter(c => c.startsWith('pl-')).join('.') : '';
        const key = `${where} in ${owner || 'page'} at ${Math.round(size)} px`;
        if (!small.has(key)) small.set(key, []);
        if (small.get(key).length < 3) small.get(key).push(own.slice(0, 30));
    }
    const overlaps = [];
    for (const axis of document.querySelectorAll('#rendered_cells svg g.axis')) {
        const ticks = [...axis.querySelectorAll('.tick text')].filter(t => visible(t) && t.textContent.trim())
            .map(t => ({text: t.textContent.trim(), box: t.getBoundingClientRect()}));
        for (let i = 0; i + 1 < ticks.length; i++) {
            const a = ticks[i].box, b = ticks[i + 1].box;
            const x = Math.min(a.right, b.right) - Math.max(a.left, b.left), y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            if (x > 1 && y > 1) {
                const chart = axis.closest('[class*="pl-"]');
                overlaps.push(`chart labels '${ticks[i].text.slice(0, 20)}' and '${ticks[i + 1].text.slice(0, 20)}' overlap in `
                              + (chart ? [...chart.classList].filter(c => c.startsWith('pl-')).join('.') : 'a chart'));
                break;    // one per axis
            }
        }
    }
    return {small: [...small.entries()].map(([key, texts]) => `${key}: ${texts.map(t => JSON.stringify(t)).join(', ')}`),
            overlaps};
}"""

#: (f, g) runs before any page script: records the font and the inked box of every text a 2d canvas context
#: draws, and which paint of its canvas it belongs to (a full clearRect starts a new paint)
CANVAS_TEXT_INIT = """(() => {
    const ids = new WeakMap(), paints = new WeakMap();
    let next = 0;
    const canvasId = canvas => { if (!ids.has(canvas)) ids.set(canvas, ++next); return ids.get(canvas); };
    const hook = proto => {
        if (!proto || proto.__plTextHooked) return;
        const clear = proto.clearRect;
        proto.clearRect = function (x, y, w, h) {
            try {
                const c = this.canvas;
                if (c && x <= 0 && y <= 0 && x + w >= c.width && y + h >= c.height) paints.set(c, (paints.get(c) || 0) + 1);
            } catch (error) { /* never break a drawing */ }
            return clear.call(this, x, y, w, h);
        };
        for (const name of ['fillText', 'strokeText']) {
            const original = proto[name];
            proto[name] = function (text, x, y, maxWidth) {
                try {
                    const seen = (window.__plCanvasText = window.__plCanvasText || []);
                    if (seen.length < 50000 && !window.__plPaused) {   // paused: Large fonts switched off on purpose
                        const size = /(\\d+(?:\\.\\d+)?)px/.exec(this.font || '');
                        const c = this.canvas, m = this.measureText(String(text));
                        const squeeze = maxWidth !== undefined && m.width > maxWidth ? maxWidth / m.width : 1;
                        seen.push({text: String(text).slice(0, 40), font: String(this.font), px: size ? parseFloat(size[1]) : null,
                                   width: c ? c.width : 0, height: c ? c.height : 0, canvas: c ? canvasId(c) : 0,
                                   paint: c ? (paints.get(c) || 0) : 0,
                                   left: x - m.actualBoundingBoxLeft * squeeze, right: x + m.actualBoundingBoxRight * squeeze,
                                   top: y - m.actualBoundingBoxAscent, bottom: y + m.actualBoundingBoxDescent});
                    }
                } catch (error) { /* never break a drawing */ }
                return maxWidth === undefined ? original.call(this, text, x, y) : original.call(this, text, x, y, maxWidth);
            };
        }
        proto.__plTextHooked = true;
    };
    if (typeof CanvasRenderingContext2D !== 'undefined') hook(CanvasRenderingContext2D.prototype);
    if (typeof OffscreenCanvasRenderingContext2D !== 'undefined') hook(OffscreenCanvasRenderingContext2D.prototype);
})();"""

#: (f) the recorded canvas texts under the minimum, as shown (a model canvas is matched to its views by size)
CANVAS_TEXT_JS = """(smallest) => {
    const seen = window.__plCanvasText || [];
    const views = [...document.querySelectorAll('#rendered_cells canvas')].filter(
        c => !c.closest('.bqplot') && c.width > 0 && c.height > 0 && c.getClientRects().length);
    const small = new Map();
    for (const r of seen) {
        const same = views.filter(c => c.width === r.width && c.height === r.height);
        const ratio = same.length ? Math.min(...same.map(c => c.getBoundingClientRect().width / c.width)) : 1;
        const shown = r.px === null ? 0 : r.px * ratio;
        if (shown >= smallest - 0.5) continue;
        let owner = 'a canvas not on screen';
        if (same.length) {
            const box = same[0].closest('[class*="pl-"]');
            owner = box ? [...box.classList].filter(c => c.startsWith('pl-')).join('.') : 'canvas';
        }
        const key = `${owner} (${r.width}x${r.height}): '${r.font}'` + (ratio < 0.99 ? ` shown at ${shown.toFixed(1)} px` : '');
        if (!small.has(key)) small.set(key, new Set());
        if (small.get(key).size < 4) small.get(key).add(r.text);
    }
    // (g) texts of one paint of one canvas whose inked boxes overlap, and texts cut at the canvas edge
    const owners = new Map();
    const ownerOf = r => {
        if (!owners.has(r.canvas)) {
            const view = views.find(c => c.width === r.width && c.height === r.height);
            const box = view && view.closest('[class*="pl-"]');
            owners.set(r.canvas, (box ? [...box.classList].filter(c => c.startsWith('pl-')).join('.') : 'canvas')
                                 + ` (${r.width}x${r.height})`);
        }
        return owners.get(r.canvas);
    };
    const groups = new Map(), overlaps = new Set(), cut = new Set();
    for (const r of seen) {
        if (!r.text.trim()) continue;
        const key = r.canvas + ':' + r.paint;
        if (!groups.has(key)) groups.set(key, []);
        groups.get(key).push(r);
        if (r.left < -1 || r.top < -1 || r.right > r.width + 1 || r.bottom > r.height + 1) {
            cut.add(`${ownerOf(r)}: '${r.text}' (${r.font}) cut at the canvas edge`);
        }
    }
    for (const texts of groups.values()) {
        for (let i = 0; i < texts.length; i++) {
            for (let j = i + 1; j < texts.length; j++) {
                const a = texts[i], b = texts[j];
                const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
                const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
                if (x > 1 && y > 1) overlaps.add(`${ownerOf(a)}: '${a.text}' (${a.font}) overlaps '${b.text}' (${b.font})`);
            }
        }
    }
    return {count: seen.length, small: [...small.entries()].map(([key, texts]) => `${key}: ${[...texts].map(t => JSON.stringify(t)).join(', ')}`),
            overlaps: [...overlaps], cut: [...cut]};
}"""

#: what Voila shows when it could not run a cell: an aborted run, a traceback, anything written to stderr
NOT_RUN_JS = """() => [...document.querySelectorAll('#rendered_cells [data-mime-type="application/vnd.jupyter.stderr"], '
    + '#rendered_cells .jp-OutputArea-output.jp-mod-error')].filter(e => e.getClientRects().length)
    .map(e => e.innerText.trim().replace(/\\s+/g, ' ').slice(0, 200))"""
NOT_RUN_TEXT = ("Cell execution timed out", "Traceback (most recent call last)", "Error displaying widget")

#: the element that scrolls the lesson (Voila scrolls an inner panel, not the document)
SCROLLER_JS = """() => {
    let best = document.scrollingElement, extra = best.scrollHeight - best.clientHeight;
    for (const el of document.querySelectorAll('*')) {
        const more = el.scrollHeight - el.clientHeight;
        const style = getComputedStyle(el).overflowY;
        if (more > extra && ['auto', 'scroll'].includes(style)) { best = el; extra = more; }
    }
    best.setAttribute('data-pl-scroller', '1');
    return {height: best.scrollHeight, extra};
}"""

#: tag every visible, enabled button (outside the presenter bar) with its number; returns their labels
TAG_BUTTONS_JS = """(where) => {
    document.querySelectorAll('[data-pl-probe]').forEach(b => b.removeAttribute('data-pl-probe'));
    const buttons = [...document.querySelectorAll(where + ' button')].filter(b =>
        b.getClientRects().length && !b.disabled && !b.closest('.pl-presenter-bar') && !b.closest('.pl-lesson-nav')
        && !b.closest('.pl-screen-reset') && !b.classList.contains('pl-screen-reset')
        && getComputedStyle(b).visibility !== 'hidden');
    buttons.forEach((b, i) => b.setAttribute('data-pl-probe', String(i)));
    return buttons.map(b => (b.innerText || b.title || b.getAttribute('aria-label') || '').trim());
}"""

#: resolves once the page has not changed for 1 s (at most 10 s): a click's round trip to the kernel is over
QUIET_JS = """() => new Promise(resolve => {
    let timer = setTimeout(done, 1000);
    const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, 1000); });
    const limit = setTimeout(done, 10000);
    function done() { observer.disconnect(); clearTimeout(limit); resolve(); }
    observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
})"""

ERRORS_JS = """() => [...document.querySelectorAll('.pl-error, .jp-RenderedText[data-mime-type="application/vnd.jupyter.stderr"]')]
    .filter(e => e.getClientRects().length).map(e => e.innerText.trim().slice(0, 160))"""

#: runs before any page script: follows the kernel messages on the page's websockets, so a step can wait until the
#: kernel has answered every request the page sent (``window.__plKernel.pending`` is empty: each request's "idle"
#: status has come back) instead of waiting for the page to look quiet for a while.  On a loaded machine a kernel
#: can take longer than that to start answering: "Flip one more island" was clicked after "Keep the clues" had been
#: sent but before its answer had removed the button.  Reads both wire formats of Jupyter's kernel websocket (JSON
#: text, and the binary ``v1.kernel.websocket.jupyter.org`` frames).
KERNEL_INIT = """(() => {
    if (window.__plKernel) return;
    const kernel = window.__plKernel = {pending: new Set(), sent: 0, answered: 0, unread: 0};
    const decoder = new TextDecoder();
    const v1 = (buffer) => {
        const view = new DataView(buffer), count = Number(view.getBigUint64(0, true)), offsets = [];
        for (let i = 1; i <= count; i++) offsets.push(Number(view.getBigUint64(8 * i, true)));
        const part = i => decoder.decode(buffer.slice(offsets[i], offsets[i + 1]));
        return {channel: part(0), header: JSON.parse(part(1)), parent_header: JSON.parse(part(2)),
                content: JSON.parse(part(4))};
    };
    const legacy = (buffer) => {
        const view = new DataView(buffer), count = view.getUint32(0);
        const start = view.getUint32(4), end = count > 1 ? view.getUint32(8) : buffer.byteLength;
        return JSON.parse(decoder.decode(buffer.slice(start, end)));
    };
    const parse = (socket, data) => {
        if (typeof data === 'string') return JSON.parse(data);
        const buffer = ArrayBuffer.isView(data) ? data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) : data;
        return socket.protocol === 'v1.kernel.websocket.jupyter.org' ? v1(buffer) : legacy(buffer);
    };
    const received = (socket, data) => {
        const message = parse(socket, data);
        if (message.header.msg_type === 'status' && message.content.execution_state === 'idle') {
            const id = (message.parent_header || {}).msg_id;
            if (kernel.pending.delete(id)) kernel.answered++;
        }
    };
    const Native = window.WebSocket;
    class Followed extends Native {
        constructor(...args) {
            super(...args);
            this.addEventListener('message', event => {
                try {
                    if (event.data && event.data.arrayBuffer) event.data.arrayBuffer().then(b => received(this, b));
                    else received(this, event.data);
                } catch (error) { kernel.unread++; }
            });
        }
        send(data) {
            try {
                const message = parse(this, data);
                if (message.channel === 'shell' || message.channel === 'control') {
                    kernel.pending.add(message.header.msg_id);
                    kernel.sent++;
                }
            } catch (error) { kernel.unread++; }
            return super.send(data);
        }
    }
    window.WebSocket = Followed;
})();"""

#: issue 39: what a student can touch on the screen shown besides the answer box (and besides Back, Next, Check,
#: "Show the answer", Reset, the contents and the presenter's switches): buttons, sliders, dropdowns, toggles,
#: check boxes, text boxes of a calculator, and canvases that say they take clicks (``cursor: pointer`` or the
#: class ``pl-clickable`` on the canvas or a box around it).  Returns short descriptions (empty: nothing).
TOUCH_JS = """() => {
    const screen = document.querySelector('.pl-screen');
    if (!screen) return [];
    const visible = el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden';
    const kit = el => el.closest('.pl-check, .pl-show-answer, .pl-screen-reset, .pl-lesson-nav, .pl-presenter-bar, '
                                 + '.pl-answer, .pl-teacher-notes-panel');
    const label = el => (el.innerText || el.title || el.getAttribute('aria-label') || el.value || '').trim().slice(0, 30);
    const found = [];
    for (const b of screen.querySelectorAll('button')) {
        if (visible(b) && !b.disabled && !kit(b) && !b.closest('.bqplot')) found.push(`button '${label(b)}'`);
    }
    for (const s of screen.querySelectorAll('.widget-slider, .widget-hslider, .widget-vslider, input[type=range], .noUi-target')) {
        if (visible(s) && !kit(s)) { found.push('a slider'); }
    }
    for (const d of screen.querySelectorAll('select')) {
        if (visible(d) && !d.disabled && !kit(d)) found.push('a dropdown');
    }
    // a text box whose row holds the question's Check button is an answer box, not something to play with
    const answerBox = el => { const w = el.closest('.widget-text, .widget-textarea');
                              return w && w.parentElement && w.parentElement.querySelector(':scope > .pl-check'); };
    for (const i of screen.querySelectorAll('input[type=checkbox], input[type=radio], input[type=text], input[type=number], textarea')) {
        if (visible(i) && !i.disabled && !kit(i) && !answerBox(i)) found.push(`an input (${i.type || 'text'})`);
    }
    for (const t of screen.querySelectorAll('.widget-toggle-button, .widget-toggle-buttons button, .lm-TabBar-tab, .p-TabBar-tab')) {
        if (visible(t) && !kit(t)) found.push(`a toggle or tab '${label(t)}'`);
    }
    for (const c of screen.querySelectorAll('canvas')) {
        if (!visible(c) || c.closest('.bqplot') || kit(c)) continue;
        let clickable = false;
        for (let el = c; el && el !== screen; el = el.parentElement) {
            if (el.classList.contains('pl-clickable') || getComputedStyle(el).cursor === 'pointer') { clickable = true; break; }
        }
        if (clickable) found.push('a canvas that takes clicks');
    }
    return [...new Set(found)].slice(0, 12);
}"""

#: issue 39: where the question's prompt, its answer box and its feedback are, against the viewport
FITS_JS = """(question) => {
    const box = el => { if (!el || !el.getClientRects().length) return null;
                        const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
    const feedback = question.querySelector('.pl-feedback');
    return {viewport: {width: window.innerWidth, height: window.innerHeight},
            question: box(question.querySelector('.pl-question-prompt') || question),
            answer: box(question.querySelector('.pl-answer input') || question.querySelector('.pl-answer')),
            feedback: feedback && feedback.innerText.trim() ? box(feedback) : null};
}"""
