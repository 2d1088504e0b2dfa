import { copyrightLine } from '../config/appConfig';
import { useAppConfig } from '../config/configContext';
import './Footer.css';

export function Footer() {
  const { config } = useAppConfig();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <p className="site-footer__copy">{copyrightLine(config)}</p>
        {/* The finder's front door: the form to type the code printed on a label. */}
        <p className="site-footer__found">
          <a href="/found">Found something with a {config.brandName} label? Type its code</a>
        </p>
        {config.isDevelopment && <p className="site-footer__env">Development mode</p>}
      </div>
    </footer>
  );
}
