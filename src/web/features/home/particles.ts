/**
 * The hero's background: drifting dots joined by faint lines when close. Hand-written on a
 * canvas to keep the home page's JavaScript tiny. It stands still under prefers-reduced-motion
 * and pauses while the tab is hidden or the hero is scrolled out of view.
 */

interface Dot {
  x: number;
  y: number;
  vx: number;
  vy: number;
  r: number;
}

const AREA_PER_DOT = 14_000;
const MAX_DOTS = 90;
const LINK_DISTANCE = 120;

function newDot(w: number, h: number): Dot {
  return {
    x: Math.random() * w,
    y: Math.random() * h,
    vx: (Math.random() - 0.5) * 0.35,
    vy: (Math.random() - 0.5) * 0.35,
    r: 0.8 + Math.random() * 1.6,
  };
}

/** Starts the animation on the canvas; returns the function that stops it. */
export function startParticles(canvas: HTMLCanvasElement): () => void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return () => {};
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let dots: Dot[] = [];
  let w = 0;
  let h = 0;
  let frame = 0;
  let onScreen = true;

  const draw = () => {
    ctx.clearRect(0, 0, w, h);
    for (let i = 0; i < dots.length; i++) {
      for (let j = i + 1; j < dots.length; j++) {
        const d = Math.hypot(dots[i].x - dots[j].x, dots[i].y - dots[j].y);
        if (d > LINK_DISTANCE) continue;
        ctx.strokeStyle = `rgba(165, 180, 252, ${(1 - d / LINK_DISTANCE) * 0.3})`;
        ctx.beginPath();
        ctx.moveTo(dots[i].x, dots[i].y);
        ctx.lineTo(dots[j].x, dots[j].y);
        ctx.stroke();
      }
    }
    ctx.fillStyle = 'rgba(224, 231, 255, 0.8)';
    for (const dot of dots) {
      ctx.beginPath();
      ctx.arc(dot.x, dot.y, dot.r, 0, Math.PI * 2);
      ctx.fill();
    }
  };

  const step = () => {
    for (const dot of dots) {
      dot.x = (dot.x + dot.vx + w) % w;
      dot.y = (dot.y + dot.vy + h) % h;
    }
    draw();
    frame = requestAnimationFrame(step);
  };

  const resize = () => {
    const dpr = Math.min(window.devicePixelRatio || 1, 2);
    w = canvas.clientWidth;
    h = canvas.clientHeight;
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.lineWidth = 1;
    // Keep the dots there are, so a phone's toolbar resizing the hero does not reshuffle them.
    const count = Math.min(MAX_DOTS, Math.round((w * h) / AREA_PER_DOT));
    dots = dots.slice(0, count);
    while (dots.length < count) dots.push(newDot(w, h));
    draw();
  };

  const update = () => {
    const run = !reducedMotion.matches && !document.hidden && onScreen;
    if (run && !frame) frame = requestAnimationFrame(step);
    if (!run && frame) {
      cancelAnimationFrame(frame);
      frame = 0;
    }
  };

  const resizeObserver = new ResizeObserver(resize);
  const intersectionObserver = new IntersectionObserver(([entry]) => {
    onScreen = entry.isIntersecting;
    update();
  });
  resizeObserver.observe(canvas);
  intersectionObserver.observe(canvas);
  document.addEventListener('visibilitychange', update);
  reducedMotion.addEventListener('change', update);
  resize();
  update();

  return () => {
    cancelAnimationFrame(frame);
    resizeObserver.disconnect();
    intersectionObserver.disconnect();
    document.removeEventListener('visibilitychange', update);
    reducedMotion.removeEventListener('change', update);
  };
}
