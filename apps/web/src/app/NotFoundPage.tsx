import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <div className="hero min-h-[60dvh]">
      <div className="hero-content text-center">
        <div>
          <h1 className="text-4xl font-bold">Page not found</h1>
          <p className="py-4 text-base-content/80">The page you are looking for does not exist.</p>
          <Link to="/" className="btn btn-primary">
            Go to the home page
          </Link>
        </div>
      </div>
    </div>
  );
}
