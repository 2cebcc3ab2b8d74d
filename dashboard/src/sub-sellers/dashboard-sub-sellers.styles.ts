/** `<dashboard-sub-sellers>`'s styles: a list page's (styles/list-page.styles.ts). */
import { baseStyles } from "../styles/base.styles";
import { listPageStyles } from "../styles/list-page.styles";

export const subSellersStyles = [baseStyles, listPageStyles];
