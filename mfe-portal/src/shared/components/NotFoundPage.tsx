import { Link } from 'react-router';
import { useMessages } from '../../messages/messages';
import { PageTitle } from './Details';

/** A path the portal does not have. */
export function NotFoundPage() {
  const { t } = useMessages();
  return (
    <>
      <PageTitle>{t('notFound.title')}</PageTitle>
      <p>{t('notFound.text')}</p>
      <p>
        <Link to="/licenses">{t('notFound.home')}</Link>
      </p>
    </>
  );
}
