import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';
import classes from './markdown.module.css';

/**
 * The organisation's Markdown (privacy policy, terms) as the page shows it, safely: HTML written
 * into it is dropped rather than run (`skipHtml`), and a link or picture whose address is not
 * http(s), mailto or relative (`javascript:`, `data:`) loses its address (a link becomes its text). Headings start at
 * `h2` under the page's own `h1`, so an admin's '# Privacy' does not make a second one.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className={classes.markdown}>
      <ReactMarkdown
        skipHtml
        urlTransform={defaultUrlTransform}
        components={{
          h1: ({ node: _node, ...props }) => <h2 {...props} />,
          h2: ({ node: _node, ...props }) => <h3 {...props} />,
          h3: ({ node: _node, ...props }) => <h4 {...props} />,
          h4: ({ node: _node, ...props }) => <h5 {...props} />,
          h5: ({ node: _node, ...props }) => <h6 {...props} />,
          // A link whose address was taken away is text: an empty href would only reload the page.
          a: ({ node: _node, href, ...props }) => (href ? <a href={href} {...props} /> : <span>{props.children}</span>),
        }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
