import { Check, Minus, type IconNode } from 'lucide';

// The box's tick and dash are Lucide's drawings (the console's one icon set) as CSS mask images: drawn by the
// browser from an attribute change, so a checkbox is one element and checking 250 of them mounts nothing.
const svgUrl = (node: IconNode) => {
  const shapes = node
    .map(
      ([tag, attributes]) =>
        `<${tag} ${Object.entries(attributes)
          .map(([name, value]) => `${name}="${String(value)}"`)
          .join(' ')}/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="black" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${shapes}</svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
};

export const checkMark = svgUrl(Check);
export const indeterminateMark = svgUrl(Minus);
