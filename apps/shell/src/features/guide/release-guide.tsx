import { useEffect, useMemo, useState } from 'react';
import { Button, Carousel, Modal, Tour, Typography, type TourProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '@wb/resource-ui/safe-html';
import { appEnv } from '../../shared/env';
import { resourceUrl } from '../../shared/resource-url';
import { useTurn } from '../../shared/ui/one-at-a-time';
import { fetchLoginGuide, saveLoginGuide, stepTarget, type LoginGuide } from './api/guide';
import './guide-texts';
import './guide.css';

/** The release notes, 800 × 463: the version's notes (when shown), then a slide per step; no autoplay, no loop. */
function ReleaseCarousel({ guide, onDone }: { guide: LoginGuide; onDone(): void }) {
  const { t } = useTranslation();
  const notes = !!(guide.showContent && guide.content);
  const total = (notes ? 1 : 0) + guide.guideStepList.length;
  // the slide shown, counted n/total beside the button as the step tour counts its steps
  const [current, setCurrent] = useState(0);
  return (
    <Modal
      open
      width={800}
      className="wb-release"
      title={guide.title}
      maskClosable={false}
      onCancel={onDone}
      footer={
        <div className="wb-release__footer">
          {total > 0 && (
            <span className="wb-release__counter" aria-live="polite">
              {current + 1}/{total}
            </span>
          )}
          <Button type="primary" onClick={onDone}>
            {t('guide.done')}
          </Button>
        </div>
      }
    >
      <Typography.Text type="secondary" className="wb-release__meta">
        {t('guide.version', { version: guide.versionNo })} · {t('guide.updated', { date: guide.pushTime })}
      </Typography.Text>
      <Carousel className="wb-release__carousel" autoplay={false} infinite={false} arrows dots beforeChange={(_, next) => setCurrent(next)}>
        {notes && (
          <div>
            <SafeHtml html={guide.content} className="wb-release__slide wb-release__slide--notes" />
          </div>
        )}
        {guide.guideStepList.map((step, i) => (
          <div key={i}>
            <div className="wb-release__slide">
              {step.stepImg && <img src={resourceUrl(step.stepImg, appEnv.apiBase)} alt="" />}
              <Typography.Paragraph>{step.content}</Typography.Paragraph>
            </div>
          </div>
        ))}
      </Carousel>
    </Modal>
  );
}

/** A tour of the page: only the steps whose element is there, numbered n/total, the page masked. */
function StepTour({ guide, onDone }: { guide: LoginGuide; onDone(): void }) {
  const steps: TourProps['steps'] = useMemo(
    () =>
      guide.guideStepList.flatMap((step) => {
        const target = stepTarget(step.pageTag);
        return target
          ? [{ title: guide.title, description: step.content, target: () => target, cover: step.stepImg ? <img src={resourceUrl(step.stepImg, appEnv.apiBase)} alt="" /> : undefined }]
          : [];
      }),
    [guide],
  );
  const [current, setCurrent] = useState(0);
  // nothing of this page to point at: the version counts as shown
  useEffect(() => {
    if (!steps?.length) onDone();
  }, [steps, onDone]);
  if (!steps?.length) return null;
  return <Tour open mask current={current} onChange={setCurrent} steps={steps} onClose={onDone} onFinish={onDone} indicatorsRender={(n, total) => `${n + 1}/${total}`} />;
}

/**
 * The release guide of /wel/index (shell spec §4 'Guide'): the version the user has not been shown
 * yet, as the release carousel or as a step tour. Finishing or closing it records that they saw
 * it, so it does not come back.
 */
export default function ReleaseGuide() {
  const guide = useQuery({ queryKey: ['guide', 'login-record'], queryFn: fetchLoginGuide, staleTime: Infinity });
  const [done, setDone] = useState(false);
  // after (or before) the latest announcement, never over it (one-at-a-time.ts)
  const turn = useTurn('guide', !!guide.data && !done);
  if (!guide.data || done || !turn) return null;
  const finish = () => {
    setDone(true);
    void saveLoginGuide(guide.data!.versionId).catch(() => undefined);
  };
  return guide.data.guideType === 'step' ? <StepTour guide={guide.data} onDone={finish} /> : <ReleaseCarousel guide={guide.data} onDone={finish} />;
}
