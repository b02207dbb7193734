import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button-link";
import { Panel } from "@/components/ui/panel";

export const metadata: Metadata = { title: "Welcome" };

export default function WelcomePage() {
  return (
    <Panel className="mx-auto max-w-xl text-center">
      <h1 className="text-3xl text-gold sm:text-4xl">Account Successfully Created!</h1>
      <p className="mt-3 text-stone-300">
        Your account is ready. Log in on the website, or download the client and log in with the same username and password.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink href="/login">Login</ButtonLink>
        <ButtonLink href="/play" variant="ember">
          Play Now
        </ButtonLink>
      </div>
    </Panel>
  );
}
