/** `<dashboard-developers>`'s styles: its sections down the page. */
import { baseStyles } from "../styles/base.styles";
import { listPageStyles } from "../styles/list-page.styles";

export const developersStyles = [baseStyles, listPageStyles];
