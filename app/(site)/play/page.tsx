import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { siteConfig, type Download } from "@/lib/site-config";

export const metadata: Metadata = { title: "Play" };

type Platform = Download["platform"];

const PLATFORMS: { platform: Platform; heading: string; intro: string }[] = [
  { platform: "Windows", heading: "Windows", intro: "A standard installer that adds the game to your Start menu." },
  { platform: "Linux", heading: "Linux", intro: "A single AppImage file: mark it as executable, then run it. No installation needed." },
  {
    platform: "Java",
    heading: "Java client (any system)",
    intro: "A plain .jar file for any computer with Java installed, if none of the other downloads suit you.",
  },
  { platform: "macOS", heading: "macOS", intro: "A disk image: open it and drag the app into your Applications folder." },
];

function platformId(platform: Platform): string {
  return `downloads-${platform.toLowerCase()}`;
}

export default function PlayPage() {
  const downloads: readonly Download[] = siteConfig.downloads;
  return (
    <>
      <PageHeader
        title={`Play ${siteConfig.name}`}
        subtitle="Pick the client for your computer. Every download is free and uses your website account to log in."
      />

      <aside aria-label="Agreement" className="panel mb-6 border-ember-dark p-4 text-stone-200">
        <p>
          By downloading the client or playing {siteConfig.name}, you agree to our <Link href="/terms">Terms of Service</Link> and to follow the{" "}
          <Link href="/rules">Rules</Link>.
        </p>
      </aside>

      <div className="grid gap-6 lg:grid-cols-2">
        {PLATFORMS.map(({ platform, heading, intro }) => {
          const items = downloads.filter((d) => d.platform === platform);
          if (items.length === 0) return null;
          const headingId = platformId(platform);
          return (
            <Panel key={platform} aria-labelledby={headingId}>
              <h2 id={headingId} className="text-2xl text-gold">
                {heading}
              </h2>
              <p className="mt-1 text-sm text-stone-300">{intro}</p>
              <ul className="mt-4 flex flex-col gap-4">
                {items.map((d) => (
                  <li
                    key={d.id}
                    className="flex flex-col gap-2 rounded border border-stone-700 bg-stone-850 p-3 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="min-w-0">
                      <p className="font-semibold text-stone-100">{d.label}</p>
                      <p className="text-sm text-stone-300">
                        <span className="text-stone-400">Requires: </span>
                        <span>{d.requirements}</span>
                      </p>
                      <p className="text-xs break-all text-stone-400">{d.file}</p>
                    </div>
                    <a href={d.href} download={d.file} className="btn btn-gold shrink-0 self-start sm:self-center">
                      Download <span className="sr-only">{d.label}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </Panel>
          );
        })}
      </div>

      <Panel className="mt-8" aria-labelledby="getting-started">
        <h2 id="getting-started" className="text-2xl text-gold">
          Getting started
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-6 text-stone-200">
          <li>Download the client for your computer from the list above.</li>
          <li>
            Install or open it: run the Windows installer, open the macOS disk image, make the Linux AppImage executable, or start the Java client with{" "}
            <code className="rounded bg-stone-800 px-1">java -jar {siteConfig.downloads.find((d) => d.platform === "Java")?.file ?? "client.jar"}</code>.
          </li>
          <li>
            Log in with your website username and password. No account yet? <Link href="/register">Create one for free</Link>.
          </li>
        </ol>
      </Panel>
    </>
  );
}
