/** The frame's stylesheet import (card-frame.ts): vite writes it to card-frame.css beside the script. */
declare module "*.css";
