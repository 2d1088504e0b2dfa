import { copyrightLine } from '../config/appConfig';
import { useAppConfig } from '../config/configContext';
import './Footer.css';

export function Footer() {
  const { config } = useAppConfig();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <p className="site-footer__copy">{copyrightLine(config)}</p>
        {config.isDevelopment && <p className="site-footer__env">Development mode</p>}
      </div>
    </footer>
  );
}
