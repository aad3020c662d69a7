! race: no
! A taskloop's PRIVATE temporaries, set in a branch before they are read.
program taskloop_private_branch
  implicit none
  integer :: i
  real :: a(40), b(40), t, u
  a = 4.0
  !$omp parallel
  !$omp single
  !$omp taskloop private(t, u)
  do i = 1, 40
    if (a(i) > 0.0) then
      t = sqrt(a(i))
      u = t * t
      b(i) = u + t
    else
      b(i) = 0.0
    end if
  end do
  !$omp end taskloop
  !$omp end single
  !$omp end parallel
  print *, b(1)
end program
